/* host_requests.c - see host_requests.h. Every count is checked against the
 * bytes actually left in the payload before anything is allocated from it. */
#include "host_requests.h"

#include "desc_blob.h"

#include <stdlib.h>
#include <string.h>

/* Bytes a single EXECUTE may ask the device for, all buffers together. */
#define HOST_MAX_DEVICE_BYTES ((uint64_t)2 << 30)

static int malformed(const char *why)
{
    return host_respond_text(HOST_MALFORMED, why) ? 0 : -1;
}

static int respond(uint32_t status, const void *payload, uint64_t len)
{
    return host_respond(status, payload, len) ? 0 : -1;
}

static void put_string(uint8_t **p, const char *s)
{
    uint32_t n = (uint32_t)strlen(s);
    put_u32(*p, n);
    memcpy(*p + 4, s, n);
    *p += 4 + n;
}

int host_hello(const dmlemu_device_info *info, host_cursor payload)
{
    if (payload.left != 0) return malformed("HELLO takes no payload");
    /* The three strings are bounded by their fixed-size fields in info. */
    uint8_t out[20 + 3 * 4 + sizeof info->adapter + sizeof info->dll_version + sizeof info->dll_path];
    uint8_t *p = out;
    put_u32(p, HOST_PROTOCOL_VERSION);
    put_u32(p + 4, info->max_feature_level);
    put_u32(p + 8, info->d3d_feature_level);
    put_u32(p + 12, info->highest_shader_model);
    put_u32(p + 16, info->data_type_mask);
    p += 20;
    put_string(&p, info->adapter);
    put_string(&p, info->dll_version);
    put_string(&p, info->dll_path);
    return respond(HOST_OK, out, (uint64_t)(p - out));
}

int host_create(dmlemu_core *core, host_cursor in)
{
    uint32_t mode, flags, count;
    const uint8_t *reloc_bytes, *blob;
    uint64_t blob_size;
    if (!take_u32(&in, &mode) || !take_u32(&in, &flags) || !take_u32(&in, &count))
        return malformed("CREATE payload shorter than its 12-byte head");
    if (mode > 1) return malformed("CREATE mode must be 0 or 1");
    if (!take_bytes(&in, (uint64_t)count * 4, &reloc_bytes)) return malformed("CREATE relocationCount exceeds the payload");
    if (!take_u64(&in, &blob_size)) return malformed("CREATE payload ends before blobSize");
    if (blob_size != in.left) return malformed("CREATE blobSize does not match the bytes that follow it");
    take_bytes(&in, blob_size, &blob);

    uint32_t *relocs = malloc(count ? (size_t)count * 4 : 4);
    if (relocs == NULL) return respond(HOST_OUT_OF_MEMORY, NULL, 0);
    for (uint32_t i = 0; i < count; i++) {
        host_cursor c = {reloc_bytes + (uint64_t)i * 4, 4};
        take_u32(&c, &relocs[i]);
    }
    const char *error = NULL;
    void *desc = desc_blob_relocate(blob, blob_size, relocs, count, &error);
    free(relocs);
    if (desc == NULL) return malformed(error);

    dmlemu_create_result r;
    int rc = dmlemu_core_create(core, desc, mode, flags, &r);
    desc_blob_free(desc);
    if (rc != 0) return respond(HOST_OUT_OF_MEMORY, NULL, 0);
    uint8_t out[32];
    put_u32(out, r.stage);
    put_u32(out + 4, r.hresult);
    put_u64(out + 8, r.handle);
    put_u64(out + 16, r.persistent_size);
    put_u64(out + 24, r.temporary_size);
    return respond(HOST_OK, out, sizeof out);
}

/* Parses the buffer records; fills buffers[] and the response size. Returns NULL or an error. */
static const char *parse_buffers(host_cursor *in, dmlemu_buffer *buffers, uint32_t count, uint64_t *response_len,
                                 int *too_large)
{
    uint64_t device_bytes = 0;
    *response_len = 8;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t size;
        uint32_t flags, pad;
        if (!take_u64(in, &size) || !take_u32(in, &flags) || !take_u32(in, &pad))
            return "EXECUTE buffer record cut short";
        if (flags & ~(DMLEMU_BUFFER_UPLOAD | DMLEMU_BUFFER_READBACK)) return "EXECUTE buffer flags has unknown bits";
        if (size > HOST_MAX_DEVICE_BYTES - device_bytes) {
            *too_large = 1;
            return "EXECUTE buffers exceed 2 GiB together";
        }
        device_bytes += size;
        buffers[i].size = size;
        buffers[i].flags = flags;
        if (flags & DMLEMU_BUFFER_UPLOAD) {
            const uint8_t *bytes;
            if (!take_bytes(in, size, &bytes)) return "EXECUTE buffer bytes exceed the payload";
            buffers[i].upload = bytes;
        }
        /* Bounded by 2 GiB of buffers plus 8 bytes per buffer: no overflow. */
        if (flags & DMLEMU_BUFFER_READBACK) *response_len += 8 + size;
    }
    return in->left == 0 ? NULL : "EXECUTE payload has bytes after the last buffer";
}

static const char *check_bindings(const dmlemu_binding *b, uint64_t n, const dmlemu_buffer *buffers, uint32_t count)
{
    for (uint64_t i = 0; i < n; i++) {
        if (b[i].buffer == DMLEMU_NO_BUFFER) continue;
        if (b[i].buffer >= count) return "EXECUTE binding names a buffer that does not exist";
        /* Device buffers are rounded up to 4 bytes; a binding may reach into that padding. */
        uint64_t size = (buffers[b[i].buffer].size + 3) & ~(uint64_t)3;
        if (b[i].offset > size || b[i].size > size - b[i].offset) return "EXECUTE binding reaches past its buffer";
    }
    return NULL;
}

int host_execute(dmlemu_core *core, host_cursor in)
{
    uint64_t handle;
    uint32_t inputs, outputs, count;
    if (!take_u64(&in, &handle) || !take_u32(&in, &inputs) || !take_u32(&in, &outputs) || !take_u32(&in, &count))
        return malformed("EXECUTE payload shorter than its 20-byte head");
    uint64_t nbind = (uint64_t)inputs + outputs;
    /* Each binding record is 24 bytes and each buffer record at least 16. */
    if (nbind > in.left / 24) return malformed("EXECUTE binding count exceeds the payload");
    if (count > (in.left - nbind * 24) / 16) return malformed("EXECUTE buffer count exceeds the payload");
    dmlemu_binding *bindings = calloc(nbind ? nbind : 1, sizeof *bindings);
    dmlemu_buffer *buffers = calloc(count ? count : 1, sizeof *buffers);
    uint8_t *out = NULL;
    int rc = 0;
    if (bindings == NULL || buffers == NULL) {
        rc = respond(HOST_OUT_OF_MEMORY, NULL, 0);
        goto done;
    }
    for (uint64_t i = 0; i < nbind; i++) {
        uint32_t pad;
        take_u32(&in, &bindings[i].buffer);
        take_u32(&in, &pad);
        take_u64(&in, &bindings[i].offset);
        take_u64(&in, &bindings[i].size);
    }
    uint64_t out_len = 0;
    int too_large = 0;
    const char *error = parse_buffers(&in, buffers, count, &out_len, &too_large);
    if (error == NULL) error = check_bindings(bindings, nbind, buffers, count);
    if (error != NULL) {
        rc = too_large ? (host_respond_text(HOST_TOO_LARGE, error) ? 0 : -1) : malformed(error);
        goto done;
    }
    out = malloc((size_t)out_len);
    if (out == NULL) {
        rc = respond(HOST_OUT_OF_MEMORY, NULL, 0);
        goto done;
    }
    /* Read-backs land straight in the response, each after its size field. */
    uint64_t at = 8;
    for (uint32_t i = 0; i < count; i++) {
        if (!(buffers[i].flags & DMLEMU_BUFFER_READBACK)) continue;
        put_u64(out + at, buffers[i].size);
        buffers[i].readback = out + at + 8;
        at += 8 + buffers[i].size;
    }
    uint32_t stage = 0, hresult = 0;
    int found = dmlemu_core_execute(core, handle, bindings, inputs, outputs, buffers, count, &stage, &hresult);
    if (found == 1) {
        rc = respond(HOST_UNKNOWN_HANDLE, NULL, 0);
    } else if (found < 0) {
        rc = respond(HOST_OUT_OF_MEMORY, NULL, 0);
    } else {
        put_u32(out, stage);
        put_u32(out + 4, hresult);
        /* After a failure the buffers hold nothing worth sending. */
        rc = respond(HOST_OK, out, stage == 0 ? out_len : 8);
    }
done:
    free(out);
    free(bindings);
    free(buffers);
    return rc;
}

int host_release(dmlemu_core *core, host_cursor in)
{
    uint64_t handle;
    if (!take_u64(&in, &handle) || in.left != 0) return malformed("RELEASE payload must be exactly 8 bytes");
    return respond(dmlemu_core_release(core, handle) == 0 ? HOST_OK : HOST_UNKNOWN_HANDLE, NULL, 0);
}
