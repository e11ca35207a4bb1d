/*
 * host_selftest.c - "dmlemu-host.exe --self-test": runs the GatherElements
 * example from DirectML's documentation through the same relocation and core
 * calls the protocol uses, and checks the answer. Setup runs it once to prove
 * that dispatches really compute here (a missing vkd3d fix gives zeros or
 * garbage with every HRESULT still S_OK).
 */
#include "host_selftest.h"

#include "desc_blob.h"

#include <stdio.h>
#include <string.h>

/* Blob layout (Windows x64): root desc @0, GATHER_ELEMENTS desc @16,
 * three DML_TENSOR_DESC @48/64/80, three DML_BUFFER_TENSOR_DESC @96/144/192,
 * sizes arrays @240/256/272. */
enum { ROOT = 0, OP = 16, TD = 48, BD = 96, SIZES = 240, BLOB = 288 };

static void put32(uint8_t *b, uint32_t at, uint32_t v) { memcpy(b + at, &v, 4); }
static void put64(uint8_t *b, uint32_t at, uint64_t v) { memcpy(b + at, &v, 8); }

static uint32_t build(uint8_t *b, uint32_t *relocs)
{
    static const uint32_t types[3] = {1, 3, 1}; /* FLOAT32 input, UINT32 indices, FLOAT32 output */
    static const uint32_t dims[3][4] = {{1, 1, 3, 3}, {1, 1, 2, 3}, {1, 1, 2, 3}};
    uint32_t n = 0;
    memset(b, 0, BLOB);
    put32(b, ROOT, 107); /* DML_OPERATOR_GATHER_ELEMENTS */
    put64(b, ROOT + 8, OP), relocs[n++] = ROOT + 8;
    for (uint32_t t = 0; t < 3; t++) {
        uint32_t td = TD + 16 * t, bd = BD + 48 * t, sz = SIZES + 16 * t;
        put64(b, OP + 8 * t, td), relocs[n++] = OP + 8 * t;
        put32(b, td, 1); /* DML_TENSOR_TYPE_BUFFER */
        put64(b, td + 8, bd), relocs[n++] = td + 8;
        put32(b, bd, types[t]);
        put32(b, bd + 8, 4);
        put64(b, bd + 16, sz), relocs[n++] = bd + 16;
        relocs[n++] = bd + 24; /* Strides: NULL */
        put64(b, bd + 32, t == 0 ? 36 : 24);
        for (uint32_t d = 0; d < 4; d++) put32(b, sz + 4 * d, dims[t][d]);
    }
    put32(b, OP + 24, 2); /* Axis */
    return n;
}

int host_selftest(dmlemu_core *core, const dmlemu_device_info *info)
{
    uint8_t blob[BLOB];
    uint32_t relocs[16];
    uint32_t count = build(blob, relocs);
    const char *error = NULL;
    void *desc = desc_blob_relocate(blob, BLOB, relocs, count, &error);
    if (desc == NULL) {
        printf("SELFTEST FAIL blob: %s\n", error);
        return 1;
    }
    dmlemu_create_result r;
    int rc = dmlemu_core_create(core, desc, 1, 0, &r);
    desc_blob_free(desc);
    if (rc != 0 || r.stage != 0) {
        printf("SELFTEST FAIL create stage=%u hresult=0x%08lx\n", r.stage, (unsigned long)r.hresult);
        return 1;
    }
    static const float input[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    static const uint32_t indices[6] = {1, 2, 0, 2, 0, 0};
    static const float expected[6] = {4, 8, 3, 7, 2, 3};
    float output[6] = {0};
    dmlemu_buffer buffers[3] = {{36, DMLEMU_BUFFER_UPLOAD, input, NULL},
                                {24, DMLEMU_BUFFER_UPLOAD, indices, NULL},
                                {24, DMLEMU_BUFFER_READBACK, NULL, output}};
    dmlemu_binding bindings[3] = {{0, 0, 36}, {1, 0, 24}, {2, 0, 24}};
    uint32_t stage = 0, hresult = 0;
    rc = dmlemu_core_execute(core, r.handle, bindings, 2, 1, buffers, 3, &stage, &hresult);
    dmlemu_core_release(core, r.handle);
    if (rc != 0 || stage != 0) {
        printf("SELFTEST FAIL execute stage=%u hresult=0x%08lx\n", stage, (unsigned long)hresult);
        return 1;
    }
    int ok = memcmp(output, expected, sizeof expected) == 0;
    printf("SELFTEST %s GATHER_ELEMENTS docs example -> %g %g %g %g %g %g (expected 4 8 3 7 2 3); "
           "DirectML %s, feature level 0x%x, adapter %s\n",
           ok ? "OK" : "FAIL", output[0], output[1], output[2], output[3], output[4], output[5], info->dll_version,
           info->max_feature_level, info->adapter);
    return ok ? 0 : 1;
}
