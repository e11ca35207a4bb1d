/*
 * host_selftest.c - "dmlemu-host.exe --self-test": runs the GatherElements
 * example from DirectML's documentation through the same relocation and core
 * calls the protocol uses, and checks the answer. Setup runs it once to prove
 * that dispatches really compute here (a missing vkd3d fix gives zeros or
 * garbage with every HRESULT still S_OK).
 */
#include "host_selftest.h"

#include "desc_blob.h"

#include <windows.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Blob layout (Windows x64): root desc @0, GATHER_ELEMENTS desc @16,
 * three DML_TENSOR_DESC @48/64/80, three DML_BUFFER_TENSOR_DESC @96/144/192,
 * sizes arrays @240/256/272. */
enum { AT_ROOT = 0, AT_OP = 16, AT_TD = 48, AT_BD = 96, AT_SIZES = 240, AT_END = 288 };

static void put32(uint8_t *b, uint32_t at, uint32_t v) { memcpy(b + at, &v, 4); }
static void put64(uint8_t *b, uint32_t at, uint64_t v) { memcpy(b + at, &v, 8); }

static uint32_t build(uint8_t *b, uint32_t *relocs)
{
    static const uint32_t types[3] = {1, 3, 1}; /* FLOAT32 input, UINT32 indices, FLOAT32 output */
    static const uint32_t dims[3][4] = {{1, 1, 3, 3}, {1, 1, 2, 3}, {1, 1, 2, 3}};
    uint32_t n = 0;
    memset(b, 0, AT_END);
    put32(b, AT_ROOT, 107); /* DML_OPERATOR_GATHER_ELEMENTS */
    put64(b, AT_ROOT + 8, AT_OP), relocs[n++] = AT_ROOT + 8;
    for (uint32_t t = 0; t < 3; t++) {
        uint32_t td = AT_TD + 16 * t, bd = AT_BD + 48 * t, sz = AT_SIZES + 16 * t;
        put64(b, AT_OP + 8 * t, td), relocs[n++] = AT_OP + 8 * t;
        put32(b, td, 1); /* DML_TENSOR_TYPE_BUFFER */
        put64(b, td + 8, bd), relocs[n++] = td + 8;
        put32(b, bd, types[t]);
        put32(b, bd + 8, 4);
        put64(b, bd + 16, sz), relocs[n++] = bd + 16;
        relocs[n++] = bd + 24; /* Strides: NULL */
        put64(b, bd + 32, t == 0 ? 36 : 24);
        for (uint32_t d = 0; d < 4; d++) put32(b, sz + 4 * d, dims[t][d]);
    }
    put32(b, AT_OP + 24, 2); /* Axis */
    return n;
}

/* One CREATE (mode 1) + EXECUTE + RELEASE of the docs example; 0 when the output is right. */
static int run_once(dmlemu_core *core, float *output, char *why, size_t why_size)
{
    uint8_t blob[AT_END];
    uint32_t relocs[16];
    uint32_t count = build(blob, relocs);
    const char *error = NULL;
    void *desc = desc_blob_relocate(blob, AT_END, relocs, count, &error);
    if (desc == NULL) {
        snprintf(why, why_size, "blob: %s", error);
        return 1;
    }
    dmlemu_create_result r;
    int rc = dmlemu_core_create(core, desc, 1, 0, &r);
    desc_blob_free(desc);
    if (rc != 0 || r.stage != 0) {
        snprintf(why, why_size, "create stage=%u hresult=0x%08lx", r.stage, (unsigned long)r.hresult);
        return 1;
    }
    static const float input[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    static const uint32_t indices[6] = {1, 2, 0, 2, 0, 0};
    dmlemu_buffer buffers[3] = {{36, DMLEMU_BUFFER_UPLOAD, input, NULL},
                                {24, DMLEMU_BUFFER_UPLOAD, indices, NULL},
                                {24, DMLEMU_BUFFER_READBACK, NULL, output}};
    dmlemu_binding bindings[3] = {{0, 0, 36}, {1, 0, 24}, {2, 0, 24}};
    uint32_t stage = 0, hresult = 0;
    memset(output, 0, 6 * sizeof *output);
    rc = dmlemu_core_execute(core, r.handle, bindings, 2, 1, buffers, 3, &stage, &hresult);
    dmlemu_core_release(core, r.handle);
    if (rc != 0 || stage != 0) {
        snprintf(why, why_size, "execute stage=%u hresult=0x%08lx", stage, (unsigned long)hresult);
        return 1;
    }
    static const float expected[6] = {4, 8, 3, 7, 2, 3};
    if (memcmp(output, expected, sizeof expected) != 0) {
        snprintf(why, why_size, "wrong output %g %g %g %g %g %g", output[0], output[1], output[2], output[3],
                 output[4], output[5]);
        return 1;
    }
    return 0;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int host_selftest(dmlemu_core *core, const dmlemu_device_info *info)
{
    /* The first run pays for shader compilation; the next ones show the steady cost per small model. */
    enum { REPEATS = 100 };
    static double ms[REPEATS];
    LARGE_INTEGER freq, t0, t1;
    QueryPerformanceFrequency(&freq);
    float output[6];
    char why[160] = "";
    double first = 0;
    for (int i = 0; i <= REPEATS; i++) {
        QueryPerformanceCounter(&t0);
        if (run_once(core, output, why, sizeof why) != 0) {
            printf("SELFTEST FAIL GATHER_ELEMENTS docs example, run %d: %s\n", i + 1, why);
            return 1;
        }
        QueryPerformanceCounter(&t1);
        double t = (double)(t1.QuadPart - t0.QuadPart) * 1000.0 / (double)freq.QuadPart;
        if (i == 0) first = t; else ms[i - 1] = t;
    }
    qsort(ms, REPEATS, sizeof ms[0], by_value);
    printf("SELFTEST OK GATHER_ELEMENTS docs example -> %g %g %g %g %g %g (expected 4 8 3 7 2 3); "
           "DirectML %s, feature level 0x%x, adapter %s\n",
           output[0], output[1], output[2], output[3], output[4], output[5], info->dll_version,
           info->max_feature_level, info->adapter);
    printf("SELFTEST TIME create+compile+initialize+execute+readback+release: first %.2f ms, "
           "next %d: median %.2f ms, max %.2f ms\n", first, REPEATS, ms[REPEATS / 2], ms[REPEATS - 1]);
    return 0;
}
