/*
 * core_internal.h - state shared by the core's two files: dml_device.c
 * (device, queue, submission) and dml_operator.c (operators, dispatch).
 */
#ifndef DMLEMU_CORE_INTERNAL_H
#define DMLEMU_CORE_INTERNAL_H

#include "dml_api.h"
#include "dml_core.h"

/* An operator compiled and initialized by CREATE mode 1. */
typedef struct prepared_op {
    uint64_t handle;
    dml_compiled_t *compiled;
    ID3D12Resource *persistent; /* NULL when DirectML asked for none */
    ID3D12Resource *temporary;  /* sized for execution; NULL when none */
    ID3D12DescriptorHeap *heap;
    UINT descriptors;           /* size of heap */
    dml_binding_table_t *table;
    dml_binding_properties_t props;
    struct prepared_op *next;
} prepared_op;

struct dmlemu_core {
    HMODULE dml_module;
    ID3D12Device *device;
    dml_device_t *dml;
    ID3D12CommandQueue *queue;
    ID3D12CommandAllocator *allocator;
    ID3D12GraphicsCommandList *list;
    ID3D12Fence *fence;
    UINT64 fence_value;
    HANDLE fence_event;
    dml_recorder_t *recorder;
    prepared_op *ops;
    uint64_t next_handle;
};

/* A committed buffer of the given heap type; UAV-capable on the default heap. */
HRESULT core_make_buffer(dmlemu_core *core, D3D12_HEAP_TYPE heap, uint64_t size, D3D12_RESOURCE_STATES state,
                         ID3D12Resource **out);

/* Closes the command list, runs it, waits for the GPU, resets the list. */
HRESULT core_submit_and_wait(dmlemu_core *core);

/* Throws away what was recorded since the last submit. */
void core_discard(dmlemu_core *core);

void core_transition(dmlemu_core *core, ID3D12Resource *r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to);

void core_uav_barrier(dmlemu_core *core);

#define CORE_RELEASE(p) do { if (p) { (p)->lpVtbl->Release(p); (p) = NULL; } } while (0)

#endif
