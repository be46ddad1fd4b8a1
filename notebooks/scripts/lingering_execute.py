"""nbconvert's ExecutePreprocessor, reading a cell's outputs a little longer after `idle`.

Deno's Jupyter kernel publishes a cell's stdout, display data and execute_result from its REPL
thread through a channel, but its `idle` status directly, so on a busy machine `idle` can overtake
them. nbclient stops collecting a cell's outputs at `idle` and drops later ones without a word
(seen here: whole cells saved with no output under a load average of 10 on 2 cores). After `idle`,
this keeps reading the cell's messages until none has come for `linger` seconds.
"""

import queue

from nbclient.exceptions import CellExecutionComplete
from nbclient.util import ensure_async
from nbconvert.preprocessors import ExecutePreprocessor
from traitlets import Float


class LingeringExecutePreprocessor(ExecutePreprocessor):
    linger = Float(
        0.3, help="Seconds without a message of the cell, after idle, before its outputs are final."
    ).tag(config=True)

    async def _async_poll_output_msg(self, parent_msg_id, cell, cell_index):
        await super()._async_poll_output_msg(parent_msg_id, cell, cell_index)
        while True:
            try:
                msg = await ensure_async(self.kc.iopub_channel.get_msg(timeout=self.linger))
            except queue.Empty:
                return
            if msg["parent_header"].get("msg_id") != parent_msg_id:
                continue
            try:
                self.process_message(msg, cell, cell_index)
            except CellExecutionComplete:
                pass
