# nbconvert configuration of the notebook check (`jupyter nbconvert --config <this file>`): run the
# notebooks with LingeringExecutePreprocessor (lingering_execute.py) in place of ExecutePreprocessor.
import os
import sys

from nbconvert.exporters.exporter import Exporter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
c = get_config()  # noqa: F821 (provided by traitlets when it loads the file)
c.NotebookExporter.default_preprocessors = [
    "lingering_execute.LingeringExecutePreprocessor"
    if name == "nbconvert.preprocessors.ExecutePreprocessor"
    else name
    for name in Exporter().default_preprocessors
]
