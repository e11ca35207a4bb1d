/* host_io.c - see host_io.h. */
#include "host_io.h"

#include <windows.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static HANDLE in_handle, out_handle;

int host_io_open(void)
{
    in_handle = GetStdHandle(STD_INPUT_HANDLE);
    out_handle = GetStdHandle(STD_OUTPUT_HANDLE);
    return in_handle != NULL && in_handle != INVALID_HANDLE_VALUE && out_handle != NULL &&
           out_handle != INVALID_HANDLE_VALUE;
}

int host_read(void *buf, uint64_t n)
{
    uint8_t *p = buf;
    while (n > 0) {
        /* ReadFile takes a 32-bit count: read in chunks of at most 1 GiB. */
        DWORD want = n > (1u << 30) ? (1u << 30) : (DWORD)n, got = 0;
        if (!ReadFile(in_handle, p, want, &got, NULL) || got == 0) return 0;
        p += got;
        n -= got;
    }
    return 1;
}

int host_skip(uint64_t n)
{
    static uint8_t sink[65536];
    while (n > 0) {
        uint64_t step = n > sizeof sink ? sizeof sink : n;
        if (!host_read(sink, step)) return 0;
        n -= step;
    }
    return 1;
}

static int write_all(const void *buf, uint64_t n)
{
    const uint8_t *p = buf;
    while (n > 0) {
        DWORD want = n > (1u << 30) ? (1u << 30) : (DWORD)n, put = 0;
        if (!WriteFile(out_handle, p, want, &put, NULL) || put == 0) return 0;
        p += put;
        n -= put;
    }
    return 1;
}

int host_respond(uint32_t status, const void *payload, uint64_t payload_len)
{
    uint8_t header[16];
    put_u32(header, HOST_RESPONSE_MAGIC);
    put_u32(header + 4, status);
    put_u64(header + 8, payload_len);
    return write_all(header, sizeof header) && write_all(payload, payload_len);
}

int host_respond_text(uint32_t status, const char *message)
{
    return host_respond(status, message, strlen(message));
}

void host_log(const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if (n > (int)sizeof line - 2) n = (int)sizeof line - 2;
    line[n++] = '\n';
    DWORD put = 0;
    WriteFile(GetStdHandle(STD_ERROR_HANDLE), line, (DWORD)n, &put, NULL);
}

int take_u32(host_cursor *c, uint32_t *v)
{
    if (c->left < 4) return 0;
    *v = (uint32_t)c->at[0] | (uint32_t)c->at[1] << 8 | (uint32_t)c->at[2] << 16 | (uint32_t)c->at[3] << 24;
    c->at += 4;
    c->left -= 4;
    return 1;
}

int take_u64(host_cursor *c, uint64_t *v)
{
    uint32_t lo, hi;
    if (c->left < 8) return 0;
    take_u32(c, &lo);
    take_u32(c, &hi);
    *v = (uint64_t)hi << 32 | lo;
    return 1;
}

int take_bytes(host_cursor *c, uint64_t n, const uint8_t **p)
{
    if (c->left < n) return 0;
    *p = c->at;
    c->at += n;
    c->left -= n;
    return 1;
}

void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

void put_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}
