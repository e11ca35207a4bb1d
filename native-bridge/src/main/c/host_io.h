/*
 * host_io.h - the host's framing over raw stdin/stdout handles, and a
 * bounds-checked reader for request payloads. The protocol is described in
 * docs/architecture.md ("The host protocol").
 */
#ifndef DMLEMU_HOST_IO_H
#define DMLEMU_HOST_IO_H

#include <stdint.h>

#define HOST_REQUEST_MAGIC 0x51494D44u  /* "DMIQ" */
#define HOST_RESPONSE_MAGIC 0x52494D44u /* "DMIR" */
#define HOST_MAX_PAYLOAD ((uint64_t)2 << 30)

enum host_status {
    HOST_OK = 0,
    HOST_CALL_FAILED = 1,
    HOST_MALFORMED = 2,
    HOST_TOO_LARGE = 3,
    HOST_UNKNOWN_HANDLE = 4,
    HOST_OUT_OF_MEMORY = 5
};

/* Takes stdin/stdout as raw handles. Returns 0 when either is missing. */
int host_io_open(void);

/* Reads exactly n bytes; returns 1, or 0 at end of input or on error. */
int host_read(void *buf, uint64_t n);

/* Reads and drops n bytes; returns 1, or 0 at end of input. */
int host_skip(uint64_t n);

/* Writes a response header and payload_len bytes of payload (NULL when 0).
 * Returns 1, or 0 if stdout is gone. */
int host_respond(uint32_t status, const void *payload, uint64_t payload_len);

/* Writes a response whose payload is a UTF-8 message. */
int host_respond_text(uint32_t status, const char *message);

/* One line to stderr, for people reading logs; never part of the protocol. */
void host_log(const char *fmt, ...);

/* Reads little-endian fields from a payload, never past its end. */
typedef struct host_cursor {
    const uint8_t *at;
    uint64_t left;
} host_cursor;

int take_u32(host_cursor *c, uint32_t *v);
int take_u64(host_cursor *c, uint64_t *v);
/* Points *p at the next n bytes and skips them. */
int take_bytes(host_cursor *c, uint64_t n, const uint8_t **p);

void put_u32(uint8_t *p, uint32_t v);
void put_u64(uint8_t *p, uint64_t v);

#endif
