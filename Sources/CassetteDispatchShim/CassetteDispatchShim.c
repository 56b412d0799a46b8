#include "CassetteDispatchShim.h"

// Declared here rather than through <dispatch/dispatch.h>, whose location differs between
// toolchains; dispatch objects are passed as plain pointers on every platform.
extern void *dispatch_get_current_queue(void);
extern void dispatch_retain(void *object);
extern void dispatch_release(void *object);
extern void dispatch_async_f(void *queue, void *context, void (*work)(void *));

void *cassette_current_queue_retained(void) {
    void *queue = dispatch_get_current_queue();
    if (queue) dispatch_retain(queue);
    return queue;
}

void cassette_queue_async(void *queue, void *context, void (*work)(void *)) {
    dispatch_async_f(queue, context, work);
}

void cassette_queue_release(void *queue) {
    dispatch_release(queue);
}
