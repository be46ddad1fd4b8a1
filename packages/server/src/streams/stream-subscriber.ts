import type { Ledger } from '../ledger/ledger.js';
import { type EventLog, type LoggedEvent, STREAM_EVENT_TYPES } from '../live/event-log.js';
import { sseComment, sseText, sseTextOnce } from './sse-text.js';
import type { EndReason, StreamSubscription } from './stream-subscription.js';

/** What a subscriber reads from the hub it belongs to. */
export interface SubscriberContext {
  readonly log: EventLog;
  readonly ledger: Ledger;
  readonly now: () => number;
  /** The largest id the hub has heard of. */
  readonly latestId: () => number;
  readonly queueSize: number;
  readonly pageSize: number;
  readonly onDone: (subscriber: StreamSubscriber) => void;
}

type Step =
  | { readonly kind: 'event'; readonly event: LoggedEvent }
  | { readonly kind: 'heartbeat' }
  | { readonly kind: 'end'; readonly reason: EndReason };

/**
 * One SSE connection. Events arrive from the hub into a bounded queue (already filtered); events
 * up to `liveFrom` are read from the log instead: the backlog of a resume, and whatever a slow
 * client missed when its queue overflowed (the queue is dropped and the subscriber pages through
 * the log from its last delivered id, so memory stays bounded and nothing is skipped). Each event
 * is debited with `debitOnce` right before its bytes are handed to the socket, which asks for the
 * next chunk only when it has drained (pull-based stream), so billing follows delivery.
 */
export class StreamSubscriber {
  /** Ids up to this one are read from the log; the queue holds matching events above it. */
  private liveFrom: number;
  /** How far the log has been read. */
  private readPos: number;
  private lastDelivered: number;
  private queue: LoggedEvent[] = [];
  private queueHead = 0;
  private backlog: LoggedEvent[] = [];
  private backlogHead = 0;
  private delivered = 0;
  private endReason: EndReason | null = null;
  private finished = false;
  private cancelled = false;
  private heartbeatDue = false;
  private waiter: (() => void) | null = null;
  /** Times the queue overflowed and the subscriber fell back to the log. */
  overflows = 0;

  constructor(
    readonly subscription: StreamSubscription,
    private readonly ctx: SubscriberContext,
  ) {
    this.liveFrom = ctx.latestId();
    this.readPos = subscription.lastEventId ?? this.liveFrom;
    this.lastDelivered = this.readPos;
  }

  /** An appended event of this subscriber's stream (called by the hub, in id order). */
  offer(event: LoggedEvent): void {
    if (this.finished || event.id <= this.liveFrom) return;
    if (!this.subscription.filter(event.payload)) return;
    if (this.queue.length - this.queueHead >= this.ctx.queueSize) {
      this.overflows++;
      this.queue = [];
      this.queueHead = 0;
      this.liveFrom = Math.max(this.ctx.latestId(), event.id);
      this.readPos = Math.max(this.readPos, this.lastDelivered);
    } else {
      this.queue.push(event);
    }
    this.wake();
  }

  heartbeat(): void {
    this.heartbeatDue = true;
    this.wake();
  }

  end(reason: EndReason): void {
    this.endReason ??= reason;
    this.wake();
  }

  /** The connection's bytes: a comment first (so headers flush), then events, heartbeats and `end`. */
  readable(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => controller.enqueue(sseComment('connected')),
        pull: async (controller) => {
          const chunk = await this.produce();
          // The client may have gone while the chunk was being billed: the stream is cancelled then.
          if (this.cancelled) return;
          if (chunk === null) controller.close();
          else controller.enqueue(chunk);
        },
        cancel: () => this.cancel(),
      },
      { highWaterMark: 0 },
    );
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.queue = [];
    this.backlog = [];
    this.wake();
    this.ctx.onDone(this);
  }

  /** Stops this connection (its client left). */
  cancel(): void {
    this.cancelled = true;
    this.finish();
  }

  /** The next chunk to write (an event, billed; a heartbeat; the `end` event), or null when done. */
  async produce(): Promise<Uint8Array | null> {
    if (this.finished) return null;
    const s = this.subscription;
    for (;;) {
      const step = await this.next();
      if (this.finished) return null;
      if (step.kind === 'heartbeat') return sseComment('heartbeat');
      if (step.kind === 'end') {
        this.finish();
        return sseText('end', JSON.stringify({ reason: step.reason, delivered: this.delivered }));
      }
      const { event } = step;
      if (s.keySecret !== undefined && (await this.ctx.ledger.findKey(s.keySecret))?.id !== s.keyId) {
        this.end('key_revoked');
        continue;
      }
      const debit = await this.ctx.ledger.debitOnce({
        keyId: s.keyId,
        credits: s.credits,
        route: s.route,
        requestId: s.requestId,
        at: this.ctx.now(),
        idempotencyKey: `${s.keyId}:${s.stream}:${event.id}`,
      });
      if (debit.kind === 'insufficient') this.end('credits_exhausted');
      else if (debit.kind === 'unknown_key') this.end('key_revoked');
      else {
        this.lastDelivered = event.id;
        this.delivered++;
        if (s.maxEvents !== null && this.delivered >= s.maxEvents) this.end('max_events');
        return sseTextOnce(event, STREAM_EVENT_TYPES[s.stream], event.data, event.id);
      }
    }
  }

  private async next(): Promise<Step> {
    for (;;) {
      if (this.endReason !== null) return { kind: 'end', reason: this.endReason };
      if (this.finished) return { kind: 'end', reason: 'shutdown' };
      if (this.backlogHead < this.backlog.length) {
        return { kind: 'event', event: this.backlog[this.backlogHead++] };
      }
      if (this.readPos < this.liveFrom) {
        await this.readPage();
        continue;
      }
      while (this.queueHead < this.queue.length) {
        const event = this.queue[this.queueHead++];
        if (this.queueHead > 1024 && this.queueHead * 2 > this.queue.length) {
          this.queue = this.queue.slice(this.queueHead);
          this.queueHead = 0;
        }
        if (event.id > this.lastDelivered) return { kind: 'event', event };
      }
      if (this.heartbeatDue) {
        this.heartbeatDue = false;
        return { kind: 'heartbeat' };
      }
      await new Promise<void>((resolve) => {
        this.waiter = resolve;
      });
    }
  }

  /** Reads the next page of the log between `readPos` and `liveFrom`, keeping what passes the filter. */
  private async readPage(): Promise<void> {
    const { stream, filter } = this.subscription;
    const limit = this.ctx.pageSize;
    const page = await this.ctx.log.readAfter(stream, this.readPos, limit);
    const upTo = this.liveFrom;
    this.backlog = [];
    this.backlogHead = 0;
    let pos = this.readPos;
    for (const e of page) {
      if (e.id > upTo) break;
      pos = e.id;
      if (e.id > this.lastDelivered && filter(e.payload)) this.backlog.push(e);
    }
    const exhausted = page.length < limit || page[page.length - 1].id >= upTo;
    this.readPos = exhausted ? Math.max(pos, upTo) : pos;
  }
}
