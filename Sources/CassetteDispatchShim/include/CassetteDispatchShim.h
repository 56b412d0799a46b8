#ifndef CASSETTE_DISPATCH_SHIM_H
#define CASSETTE_DISPATCH_SHIM_H

// The few libdispatch calls Swift's Dispatch module does not offer: a URLProtocol on Linux must call
// its client on the task's work queue (URLSession's task registry is only safe to read there), and
// the only way to name that queue later is to take it as the current queue in startLoading().

/// The queue the caller runs on, retained; release it with cassette_queue_release.
void *_Nullable cassette_current_queue_retained(void);

/// Runs `work(context)` on `queue`, asynchronously.
void cassette_queue_async(void *_Nonnull queue, void *_Nullable context, void (*_Nonnull work)(void *_Nullable));

/// Releases a queue returned by cassette_current_queue_retained.
void cassette_queue_release(void *_Nonnull queue);

#endif
