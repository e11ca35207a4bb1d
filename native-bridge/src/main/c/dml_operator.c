/*
 * dml_operator.c - creates, initializes, dispatches and releases operators.
 * It never looks inside a desc: what an operator is comes from Java.
 */
#include "core_internal.h"

#include <stdlib.h>
#include <string.h>

static prepared_op *find_op(dmlemu_core *core, uint64_t handle, prepared_op ***link)
{
    prepared_op **p = &core->ops;
    while (*p != NULL && (*p)->handle != handle) p = &(*p)->next;
    if (link) *link = p;
    return *p;
}

static void free_op(prepared_op *op)
{
    CORE_RELEASE(op->table);
    CORE_RELEASE(op->heap);
    CORE_RELEASE(op->temporary);
    CORE_RELEASE(op->persistent);
    CORE_RELEASE(op->compiled);
    free(op);
}

static void bind_buffer(dml_binding_desc_t *desc, dml_buffer_binding_t *buf, ID3D12Resource *r, uint64_t size)
{
    buf->Buffer = r;
    buf->Offset = 0;
    buf->SizeInBytes = size;
    desc->Type = r ? DMLEMU_BINDING_BUFFER : DMLEMU_BINDING_NONE;
    desc->Desc = r ? buf : NULL;
}

/* Runs the operator initializer once, filling the persistent resource. */
static HRESULT initialize(dmlemu_core *core, prepared_op *op)
{
    dml_initializer_t *init = NULL;
    dml_compiled_t *ops[1] = {op->compiled};
    HRESULT hr = core->dml->lpVtbl->CreateOperatorInitializer(core->dml, 1, ops, &DMLEMU_IID_INITIALIZER,
                                                              (void **)&init);
    if (FAILED(hr)) return hr;
    dml_binding_properties_t ip;
    init->lpVtbl->GetBindingProperties(init, &ip);
    op->compiled->lpVtbl->GetBindingProperties(op->compiled, &op->props);

    /* One shader-visible heap and one temporary buffer serve both dispatches. */
    UINT descriptors = ip.RequiredDescriptorCount > op->props.RequiredDescriptorCount
                           ? ip.RequiredDescriptorCount : op->props.RequiredDescriptorCount;
    if (descriptors == 0) descriptors = 1;
    op->descriptors = descriptors;
    uint64_t temp = ip.TemporaryResourceSize > op->props.TemporaryResourceSize ? ip.TemporaryResourceSize
                                                                               : op->props.TemporaryResourceSize;
    D3D12_DESCRIPTOR_HEAP_DESC hd;
    memset(&hd, 0, sizeof hd);
    hd.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    hd.NumDescriptors = descriptors;
    hd.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
    hr = core->device->lpVtbl->CreateDescriptorHeap(core->device, &hd, &IID_ID3D12DescriptorHeap, (void **)&op->heap);
    if (SUCCEEDED(hr) && temp > 0)
        hr = core_make_buffer(core, D3D12_HEAP_TYPE_DEFAULT, temp, D3D12_RESOURCE_STATE_UNORDERED_ACCESS,
                              &op->temporary);
    if (SUCCEEDED(hr) && op->props.PersistentResourceSize > 0)
        hr = core_make_buffer(core, D3D12_HEAP_TYPE_DEFAULT, op->props.PersistentResourceSize,
                              D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &op->persistent);
    if (SUCCEEDED(hr)) {
        dml_binding_table_desc_t td;
        td.Dispatchable = (dml_dispatchable_t *)init;
        op->heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(op->heap, &td.CPUDescriptorHandle);
        op->heap->lpVtbl->GetGPUDescriptorHandleForHeapStart(op->heap, &td.GPUDescriptorHandle);
        td.SizeInDescriptors = descriptors;
        hr = core->dml->lpVtbl->CreateBindingTable(core->dml, &td, &DMLEMU_IID_BINDING_TABLE, (void **)&op->table);
    }
    if (SUCCEEDED(hr)) {
        dml_binding_desc_t td, pd;
        dml_buffer_binding_t tb, pb;
        bind_buffer(&td, &tb, op->temporary, ip.TemporaryResourceSize);
        bind_buffer(&pd, &pb, op->persistent, op->props.PersistentResourceSize);
        if (ip.TemporaryResourceSize > 0) op->table->lpVtbl->BindTemporaryResource(op->table, &td);
        /* The initializer's outputs are the persistent resources it fills. */
        if (op->persistent) op->table->lpVtbl->BindOutputs(op->table, 1, &pd);
        ID3D12DescriptorHeap *heaps[1] = {op->heap};
        core->list->lpVtbl->SetDescriptorHeaps(core->list, 1, heaps);
        core->recorder->lpVtbl->RecordDispatch(core->recorder, (ID3D12CommandList *)core->list,
                                               (dml_dispatchable_t *)init, op->table);
        hr = core_submit_and_wait(core);
    }
    CORE_RELEASE(init);
    return hr;
}

int dmlemu_core_create(dmlemu_core *core, const void *desc, uint32_t mode, uint32_t execution_flags,
                       dmlemu_create_result *result)
{
    memset(result, 0, sizeof *result);
    dml_operator_t *op = NULL;
    HRESULT hr = core->dml->lpVtbl->CreateOperator(core->dml, (const dml_operator_desc_t *)desc,
                                                   &DMLEMU_IID_OPERATOR, (void **)&op);
    if (FAILED(hr) || mode == 0) {
        result->stage = FAILED(hr) ? DMLEMU_STAGE_CREATE : DMLEMU_STAGE_NONE;
        result->hresult = (uint32_t)hr;
        CORE_RELEASE(op);
        return 0;
    }
    prepared_op *p = calloc(1, sizeof *p);
    if (p == NULL) {
        CORE_RELEASE(op);
        return -1;
    }
    hr = core->dml->lpVtbl->CompileOperator(core->dml, op, execution_flags, &DMLEMU_IID_COMPILED,
                                            (void **)&p->compiled);
    CORE_RELEASE(op);
    if (FAILED(hr)) {
        result->stage = DMLEMU_STAGE_COMPILE;
    } else if (FAILED(hr = initialize(core, p))) {
        result->stage = DMLEMU_STAGE_INITIALIZE;
    }
    result->hresult = (uint32_t)hr;
    if (FAILED(hr)) {
        free_op(p);
        return 0;
    }
    p->handle = core->next_handle++;
    p->next = core->ops;
    core->ops = p;
    result->handle = p->handle;
    result->persistent_size = p->props.PersistentResourceSize;
    result->temporary_size = p->props.TemporaryResourceSize;
    return 0;
}

int dmlemu_core_release(dmlemu_core *core, uint64_t handle)
{
    prepared_op **link = NULL;
    prepared_op *op = find_op(core, handle, &link);
    if (op == NULL) return 1;
    *link = op->next;
    free_op(op);
    return 0;
}

/* Sum of the (size rounded to 4) of the buffers with the flag; 0 on overflow with *ok cleared. */
static uint64_t staging_size(const dmlemu_buffer *buffers, uint32_t count, uint32_t flag, int *ok)
{
    uint64_t total = 0;
    for (uint32_t i = 0; i < count; i++) {
        if (!(buffers[i].flags & flag)) continue;
        if (buffers[i].size > UINT64_MAX - total) { *ok = 0; return 0; }
        total += buffers[i].size;
    }
    return total;
}

/* Records the dispatch with its bindings; the caller submits. */
static void record(dmlemu_core *core, prepared_op *op, ID3D12Resource **res, const dmlemu_binding *bindings,
                   uint32_t in, uint32_t out, dml_binding_desc_t *descs, dml_buffer_binding_t *bufs)
{
    for (uint32_t i = 0; i < in + out; i++) {
        uint32_t b = bindings[i].buffer;
        bind_buffer(&descs[i], &bufs[i], b == DMLEMU_NO_BUFFER ? NULL : res[b], bindings[i].size);
        bufs[i].Offset = bindings[i].offset;
    }
    op->table->lpVtbl->BindInputs(op->table, in, in ? descs : NULL);
    op->table->lpVtbl->BindOutputs(op->table, out, out ? descs + in : NULL);
    dml_binding_desc_t td, pd;
    dml_buffer_binding_t tb, pb;
    bind_buffer(&td, &tb, op->temporary, op->props.TemporaryResourceSize);
    bind_buffer(&pd, &pb, op->persistent, op->props.PersistentResourceSize);
    if (op->props.TemporaryResourceSize > 0) op->table->lpVtbl->BindTemporaryResource(op->table, &td);
    if (op->persistent) op->table->lpVtbl->BindPersistentResource(op->table, &pd);
    ID3D12DescriptorHeap *heaps[1] = {op->heap};
    core->list->lpVtbl->SetDescriptorHeaps(core->list, 1, heaps);
    core->recorder->lpVtbl->RecordDispatch(core->recorder, (ID3D12CommandList *)core->list,
                                           (dml_dispatchable_t *)op->compiled, op->table);
    core_uav_barrier(core);
}

int dmlemu_core_execute(dmlemu_core *core, uint64_t handle, const dmlemu_binding *bindings, uint32_t input_count,
                        uint32_t output_count, const dmlemu_buffer *buffers, uint32_t buffer_count, uint32_t *stage,
                        uint32_t *hresult)
{
    prepared_op *op = find_op(core, handle, NULL);
    if (op == NULL) return 1;
    *stage = DMLEMU_STAGE_BIND;
    int ok = 1;
    uint64_t up_size = staging_size(buffers, buffer_count, DMLEMU_BUFFER_UPLOAD, &ok);
    uint64_t down_size = staging_size(buffers, buffer_count, DMLEMU_BUFFER_READBACK, &ok);
    uint64_t bind_count = (uint64_t)input_count + output_count;
    /* The transports check these first with better messages; the core still never trusts them. */
    for (uint32_t i = 0; i < buffer_count && ok; i++)
        ok = buffers[i].size <= UINT64_MAX - 3 && (!(buffers[i].flags & DMLEMU_BUFFER_UPLOAD) || buffers[i].upload) &&
             (!(buffers[i].flags & DMLEMU_BUFFER_READBACK) || buffers[i].readback);
    for (uint64_t i = 0; i < bind_count && ok; i++) {
        uint32_t b = bindings[i].buffer;
        if (b == DMLEMU_NO_BUFFER) continue;
        uint64_t size = b < buffer_count ? (buffers[b].size + 3) & ~(uint64_t)3 : 0;
        ok = b < buffer_count && bindings[i].offset <= size && bindings[i].size <= size - bindings[i].offset;
    }
    if (!ok) { *hresult = (uint32_t)E_INVALIDARG; return 0; }
    ID3D12Resource **res = calloc(buffer_count ? buffer_count : 1, sizeof *res);
    dml_binding_desc_t *descs = calloc(bind_count ? bind_count : 1, sizeof *descs);
    dml_buffer_binding_t *bufs = calloc(bind_count ? bind_count : 1, sizeof *bufs);
    ID3D12Resource *up = NULL, *down = NULL;
    uint8_t *mapped = NULL;
    HRESULT hr = S_OK;
    if (res == NULL || descs == NULL || bufs == NULL) {
        free(res); free(descs); free(bufs);
        return -1;
    }
    D3D12_RANGE nothing = {0, 0};
    if (up_size > 0 && SUCCEEDED(hr = core_make_buffer(core, D3D12_HEAP_TYPE_UPLOAD, up_size,
                                                       D3D12_RESOURCE_STATE_GENERIC_READ, &up)))
        hr = up->lpVtbl->Map(up, 0, &nothing, (void **)&mapped);
    if (SUCCEEDED(hr) && down_size > 0)
        hr = core_make_buffer(core, D3D12_HEAP_TYPE_READBACK, down_size, D3D12_RESOURCE_STATE_COPY_DEST, &down);
    uint64_t up_at = 0, down_at = 0;
    for (uint32_t i = 0; i < buffer_count && SUCCEEDED(hr); i++) {
        /* UAV buffers are sized in 4-byte words; the caller checked the rounding cannot overflow. */
        uint64_t size = buffers[i].size == 0 ? 4 : (buffers[i].size + 3) & ~(uint64_t)3;
        hr = core_make_buffer(core, D3D12_HEAP_TYPE_DEFAULT, size, D3D12_RESOURCE_STATE_COPY_DEST, &res[i]);
        if (SUCCEEDED(hr) && (buffers[i].flags & DMLEMU_BUFFER_UPLOAD) && buffers[i].size > 0) {
            memcpy(mapped + up_at, buffers[i].upload, (size_t)buffers[i].size);
            core->list->lpVtbl->CopyBufferRegion(core->list, res[i], 0, up, up_at, buffers[i].size);
            up_at += buffers[i].size;
        }
        if (SUCCEEDED(hr)) core_transition(core, res[i], D3D12_RESOURCE_STATE_COPY_DEST,
                                           D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    }
    if (mapped) up->lpVtbl->Unmap(up, 0, NULL);
    if (SUCCEEDED(hr)) {
        D3D12_CPU_DESCRIPTOR_HANDLE cpu;
        D3D12_GPU_DESCRIPTOR_HANDLE gpu;
        op->heap->lpVtbl->GetCPUDescriptorHandleForHeapStart(op->heap, &cpu);
        op->heap->lpVtbl->GetGPUDescriptorHandleForHeapStart(op->heap, &gpu);
        dml_binding_table_desc_t td = {(dml_dispatchable_t *)op->compiled, cpu, gpu, op->descriptors};
        hr = op->table->lpVtbl->Reset(op->table, &td);
    }
    if (SUCCEEDED(hr)) {
        record(core, op, res, bindings, input_count, output_count, descs, bufs);
        for (uint32_t i = 0; i < buffer_count; i++) {
            if (!(buffers[i].flags & DMLEMU_BUFFER_READBACK)) continue;
            core_transition(core, res[i], D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
            if (buffers[i].size > 0)
                core->list->lpVtbl->CopyBufferRegion(core->list, down, down_at, res[i], 0, buffers[i].size);
            down_at += buffers[i].size;
        }
        *stage = DMLEMU_STAGE_EXECUTE;
        hr = core_submit_and_wait(core);
    } else {
        core_discard(core);
    }
    if (SUCCEEDED(hr) && down != NULL) {
        *stage = DMLEMU_STAGE_READBACK;
        D3D12_RANGE all = {0, (SIZE_T)down_size};
        uint8_t *src = NULL;
        if (SUCCEEDED(hr = down->lpVtbl->Map(down, 0, &all, (void **)&src))) {
            down_at = 0;
            for (uint32_t i = 0; i < buffer_count; i++) {
                if (!(buffers[i].flags & DMLEMU_BUFFER_READBACK)) continue;
                if (buffers[i].size > 0) memcpy(buffers[i].readback, src + down_at, (size_t)buffers[i].size);
                down_at += buffers[i].size;
            }
            down->lpVtbl->Unmap(down, 0, &nothing);
        }
    }
    if (SUCCEEDED(hr)) *stage = DMLEMU_STAGE_NONE;
    *hresult = (uint32_t)hr;
    for (uint32_t i = 0; i < buffer_count; i++) CORE_RELEASE(res[i]);
    CORE_RELEASE(up);
    CORE_RELEASE(down);
    free(res);
    free(descs);
    free(bufs);
    return 0;
}
