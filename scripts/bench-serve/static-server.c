// The baseline of `scripts/bench serve`: the least an HTTP/1.1 server on loopback can do. It answers
// every request (head up to the blank line; the benchmark's requests have no body) with the bytes of
// one file, on keep-alive connections, one thread per connection, Nagle off.
//
//   static-server PORT RESPONSE_FILE     (port 0 picks a free one)
//
// Prints `listening on http://127.0.0.1:PORT` like `cassette serve`.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static char *answer;
static size_t answer_length;

static void *connection(void *argument) {
    int client = (int)(long)argument;
    char buffer[16384];
    size_t filled = 0;
    for (;;) {
        ssize_t got = recv(client, buffer + filled, sizeof buffer - filled, 0);
        if (got <= 0) break;
        filled += (size_t)got;
        char *end;
        // Every complete head gets the answer, pipelined ones in order.
        while ((end = memmem(buffer, filled, "\r\n\r\n", 4)) != NULL) {
            size_t used = (size_t)(end + 4 - buffer);
            if (send(client, answer, answer_length, MSG_NOSIGNAL) < 0) goto done;
            memmove(buffer, buffer + used, filled - used);
            filled -= used;
        }
        if (filled == sizeof buffer) break;  // a head larger than the buffer: not this benchmark's
    }
done:
    close(client);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: static-server PORT RESPONSE_FILE\n");
        return 64;
    }
    FILE *file = fopen(argv[2], "rb");
    if (!file) {
        perror(argv[2]);
        return 1;
    }
    fseek(file, 0, SEEK_END);
    answer_length = (size_t)ftell(file);
    rewind(file);
    answer = malloc(answer_length);
    if (fread(answer, 1, answer_length, file) != answer_length) {
        perror(argv[2]);
        return 1;
    }
    fclose(file);
    int listener = socket(AF_INET, SOCK_STREAM, 0), on = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((unsigned short)atoi(argv[1]))};
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 511) != 0 ||
        getsockname(listener, (struct sockaddr *)&address, &length) != 0) {
        perror("static-server");
        return 1;
    }
    printf("listening on http://127.0.0.1:%d\n", ntohs(address.sin_port));
    fflush(stdout);
    for (;;) {
        int client = accept(listener, NULL, NULL);
        if (client < 0) continue;
        setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        pthread_t thread;
        if (pthread_create(&thread, NULL, connection, (void *)(long)client) != 0) {
            close(client);
            continue;
        }
        pthread_detach(thread);
    }
}
