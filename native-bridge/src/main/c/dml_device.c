/*
 * dml_device.c - opens the D3D12 and DirectML devices, reports what they
 * support, and submits command lists. See dml_core.h.
 */
#include <initguid.h> /* this file defines the D3D12/DXGI interface IDs */
#include <dxgi1_4.h>

#include "core_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wctype.h>

static const UINT k_feature_levels[] = {0x1000, 0x2000, 0x2100, 0x3000, 0x3100, 0x4000, 0x4100, 0x5000,
                                        0x5100, 0x5200, 0x6000, 0x6100, 0x6200, 0x6300, 0x6400};

static void to_utf8(const wchar_t *in, char *out, int out_size)
{
    if (WideCharToMultiByte(CP_UTF8, 0, in, -1, out, out_size, NULL, NULL) == 0) out[0] = '\0';
}

/* Whether text contains part, ignoring case. */
static int contains_ignoring_case(const wchar_t *text, const wchar_t *part)
{
    size_t n = wcslen(part);
    for (; *text; text++) {
        size_t i = 0;
        while (i < n && text[i] && towlower(text[i]) == towlower(part[i])) i++;
        if (i == n) return 1;
    }
    return n == 0;
}

/* D3D12 on adapter (released here); its description goes to info. */
static HRESULT device_on(dmlemu_core *core, IDXGIAdapter1 *adapter, dmlemu_device_info *info)
{
    DXGI_ADAPTER_DESC1 desc;
    memset(&desc, 0, sizeof desc);
    adapter->lpVtbl->GetDesc1(adapter, &desc);
    HRESULT hr = D3D12CreateDevice((IUnknown *)adapter, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device,
                                   (void **)&core->device);
    CORE_RELEASE(adapter);
    if (SUCCEEDED(hr)) to_utf8(desc.Description, info->adapter, sizeof info->adapter);
    return hr;
}

/* WARP, or the first adapter whose description contains name. */
static HRESULT open_chosen(dmlemu_core *core, IDXGIFactory1 *factory, const dmlemu_open_options *options,
                           dmlemu_device_info *info, const char **where)
{
    IDXGIAdapter1 *adapter = NULL;
    if (options->adapter == DMLEMU_ADAPTER_WARP) {
        IDXGIFactory4 *factory4 = NULL;
        *where = "IDXGIFactory4::EnumWarpAdapter";
        HRESULT hr = factory->lpVtbl->QueryInterface(factory, &IID_IDXGIFactory4, (void **)&factory4);
        if (SUCCEEDED(hr)) hr = factory4->lpVtbl->EnumWarpAdapter(factory4, &IID_IDXGIAdapter1, (void **)&adapter);
        CORE_RELEASE(factory4);
        if (FAILED(hr)) return hr;
    } else {
        *where = "EnumAdapters1 (no adapter whose name contains the text given)";
        for (UINT i = 0; adapter == NULL && factory->lpVtbl->EnumAdapters1(factory, i, &adapter) == S_OK; i++) {
            DXGI_ADAPTER_DESC1 desc;
            memset(&desc, 0, sizeof desc);
            adapter->lpVtbl->GetDesc1(adapter, &desc);
            if (options->adapter_name == NULL || !contains_ignoring_case(desc.Description, options->adapter_name))
                CORE_RELEASE(adapter);
        }
        if (adapter == NULL) return DXGI_ERROR_NOT_FOUND;
    }
    *where = "D3D12CreateDevice";
    return device_on(core, adapter, info);
}

/* The D3D12 device on the adapter options choose, by default the first DXGI adapter that accepts level 11_0. */
static HRESULT open_d3d12(dmlemu_core *core, const dmlemu_open_options *options, dmlemu_device_info *info,
                          const char **where)
{
    IDXGIFactory1 *factory = NULL;
    HRESULT hr = CreateDXGIFactory1(&IID_IDXGIFactory1, (void **)&factory);
    /* A chosen adapter never falls back to D3D12's default. */
    if (FAILED(hr) && options->adapter != DMLEMU_ADAPTER_FIRST) return hr;
    if (SUCCEEDED(hr) && options->adapter != DMLEMU_ADAPTER_FIRST) {
        hr = open_chosen(core, factory, options, info, where);
        CORE_RELEASE(factory);
        if (FAILED(hr)) return hr;
    } else if (SUCCEEDED(hr)) {
        IDXGIAdapter1 *adapter = NULL;
        for (UINT i = 0; factory->lpVtbl->EnumAdapters1(factory, i, &adapter) == S_OK; i++)
            if (SUCCEEDED(device_on(core, adapter, info))) break;
        CORE_RELEASE(factory);
    }
    *where = "D3D12CreateDevice";
    if (core->device == NULL) {
        /* No adapter listed (or none worked): let D3D12 pick its default. */
        hr = D3D12CreateDevice(NULL, D3D_FEATURE_LEVEL_11_0, &IID_ID3D12Device, (void **)&core->device);
        if (FAILED(hr)) return hr;
        snprintf(info->adapter, sizeof info->adapter, "(default adapter)");
    }

    static const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_11_0, D3D_FEATURE_LEVEL_11_1,
                                               D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_12_1};
    D3D12_FEATURE_DATA_FEATURE_LEVELS fl = {4, levels, D3D_FEATURE_LEVEL_11_0};
    if (SUCCEEDED(core->device->lpVtbl->CheckFeatureSupport(core->device, D3D12_FEATURE_FEATURE_LEVELS, &fl,
                                                            sizeof fl)))
        info->d3d_feature_level = (uint32_t)fl.MaxSupportedFeatureLevel;
    /* A runtime answers E_INVALIDARG for shader models newer than it knows: step down. */
    static const UINT models[] = {0x68, 0x67, 0x66, 0x65, 0x64, 0x63, 0x62, 0x61, 0x60, 0x51};
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++) {
        D3D12_FEATURE_DATA_SHADER_MODEL sm = {(D3D_SHADER_MODEL)models[i]};
        if (SUCCEEDED(core->device->lpVtbl->CheckFeatureSupport(core->device, D3D12_FEATURE_SHADER_MODEL, &sm,
                                                                sizeof sm))) {
            info->highest_shader_model = (uint32_t)sm.HighestShaderModel;
            break;
        }
    }
    return S_OK;
}

/* The DLL's FileVersion string, or its numeric version when it has none. */
static void read_dll_version(const wchar_t *path, char *out, int out_size)
{
    out[0] = '\0';
    DWORD ignored = 0, size = GetFileVersionInfoSizeW(path, &ignored);
    if (size == 0) return;
    void *data = malloc(size);
    if (data == NULL) return;
    if (GetFileVersionInfoW(path, 0, size, data)) {
        struct { WORD lang, page; } *tr = NULL;
        wchar_t *text = NULL;
        VS_FIXEDFILEINFO *fixed = NULL;
        UINT len = 0;
        if (VerQueryValueW(data, L"\\VarFileInfo\\Translation", (void **)&tr, &len) && len >= sizeof *tr) {
            wchar_t key[64];
            swprintf(key, 64, L"\\StringFileInfo\\%04x%04x\\FileVersion", tr->lang, tr->page);
            if (VerQueryValueW(data, key, (void **)&text, &len) && len > 0) to_utf8(text, out, out_size);
        }
        if (out[0] == '\0' && VerQueryValueW(data, L"\\", (void **)&fixed, &len) && len >= sizeof *fixed)
            snprintf(out, out_size, "%lu.%lu.%lu.%lu", (unsigned long)HIWORD(fixed->dwFileVersionMS),
                     (unsigned long)LOWORD(fixed->dwFileVersionMS), (unsigned long)HIWORD(fixed->dwFileVersionLS),
                     (unsigned long)LOWORD(fixed->dwFileVersionLS));
    }
    free(data);
}

/* DirectML.dll beside the module that holds this code (the host .exe or the JNA DLL). */
static int default_dll_path(wchar_t *out, DWORD out_len)
{
    HMODULE self = NULL;
    if (!GetModuleHandleExW(GET_MODULE_HANDLE_EX_FLAG_FROM_ADDRESS | GET_MODULE_HANDLE_EX_FLAG_UNCHANGED_REFCOUNT,
                            (LPCWSTR)(void *)&default_dll_path, &self))
        return 0;
    DWORD n = GetModuleFileNameW(self, out, out_len);
    if (n == 0 || n >= out_len) return 0;
    wchar_t *slash = wcsrchr(out, L'\\');
    size_t dir = slash ? (size_t)(slash - out) + 1 : 0;
    static const wchar_t name[] = L"DirectML.dll";
    if (dir + sizeof name / sizeof name[0] > out_len) return 0;
    memcpy(out + dir, name, sizeof name);
    return 1;
}

static HRESULT open_directml(dmlemu_core *core, const wchar_t *dll_path, UINT create_flags,
                             dmlemu_device_info *info, const char **where)
{
    wchar_t path[1024];
    if (dll_path == NULL) {
        if (!default_dll_path(path, 1024)) { *where = "GetModuleFileName"; return HRESULT_FROM_WIN32(GetLastError()); }
        dll_path = path;
    }
    *where = "LoadLibrary(DirectML.dll)";
    core->dml_module = LoadLibraryExW(dll_path, NULL, LOAD_WITH_ALTERED_SEARCH_PATH);
    if (core->dml_module == NULL) return HRESULT_FROM_WIN32(GetLastError());
    wchar_t loaded[1024];
    DWORD n = GetModuleFileNameW(core->dml_module, loaded, 1024);
    if (n == 0 || n >= 1024) wcscpy(loaded, L"?");
    to_utf8(loaded, info->dll_path, sizeof info->dll_path);
    read_dll_version(loaded, info->dll_version, sizeof info->dll_version);

    *where = "GetProcAddress(DMLCreateDevice1)";
    dml_create_device1_fn create = (dml_create_device1_fn)(void *)GetProcAddress(core->dml_module, "DMLCreateDevice1");
    if (create == NULL) return HRESULT_FROM_WIN32(GetLastError());
    *where = "DMLCreateDevice1";
    HRESULT hr = create(core->device, create_flags, DMLEMU_FEATURE_LEVEL_1_0, &DMLEMU_IID_DEVICE, (void **)&core->dml);
    if (FAILED(hr)) return hr;

    /* An older DLL refuses levels it does not know: shorten the list from the top. */
    for (UINT count = sizeof k_feature_levels / sizeof k_feature_levels[0]; count > 0; count--) {
        dml_feature_levels_query_t q = {count, k_feature_levels};
        dml_feature_levels_data_t d = {0};
        if (SUCCEEDED(core->dml->lpVtbl->CheckFeatureSupport(core->dml, DMLEMU_FEATURE_FEATURE_LEVELS, sizeof q, &q,
                                                             sizeof d, &d))) {
            info->max_feature_level = d.MaxSupportedFeatureLevel;
            break;
        }
    }
    for (UINT type = 1; type <= DMLEMU_TENSOR_DATA_TYPE_LAST; type++) {
        dml_tensor_type_query_t q = {type};
        dml_tensor_type_support_t d = {FALSE};
        if (SUCCEEDED(core->dml->lpVtbl->CheckFeatureSupport(core->dml, DMLEMU_FEATURE_TENSOR_DATA_TYPE_SUPPORT,
                                                             sizeof q, &q, sizeof d, &d)) &&
            d.IsSupported)
            info->data_type_mask |= 1u << type;
    }
    return S_OK;
}

static HRESULT open_queue(dmlemu_core *core, const char **where)
{
    ID3D12Device *dev = core->device;
    D3D12_COMMAND_QUEUE_DESC qd;
    memset(&qd, 0, sizeof qd);
    qd.Type = D3D12_COMMAND_LIST_TYPE_COMPUTE;
    HRESULT hr;
    *where = "CreateCommandQueue";
    if (FAILED(hr = dev->lpVtbl->CreateCommandQueue(dev, &qd, &IID_ID3D12CommandQueue, (void **)&core->queue))) return hr;
    *where = "CreateCommandAllocator";
    if (FAILED(hr = dev->lpVtbl->CreateCommandAllocator(dev, D3D12_COMMAND_LIST_TYPE_COMPUTE,
                                                        &IID_ID3D12CommandAllocator, (void **)&core->allocator)))
        return hr;
    *where = "CreateCommandList";
    if (FAILED(hr = dev->lpVtbl->CreateCommandList(dev, 0, D3D12_COMMAND_LIST_TYPE_COMPUTE, core->allocator, NULL,
                                                   &IID_ID3D12GraphicsCommandList, (void **)&core->list)))
        return hr;
    *where = "CreateFence";
    if (FAILED(hr = dev->lpVtbl->CreateFence(dev, 0, D3D12_FENCE_FLAG_NONE, &IID_ID3D12Fence, (void **)&core->fence)))
        return hr;
    *where = "CreateEvent";
    core->fence_event = CreateEventW(NULL, FALSE, FALSE, NULL);
    if (core->fence_event == NULL) return HRESULT_FROM_WIN32(GetLastError());
    *where = "IDMLDevice::CreateCommandRecorder";
    return core->dml->lpVtbl->CreateCommandRecorder(core->dml, &DMLEMU_IID_RECORDER, (void **)&core->recorder);
}

int32_t dmlemu_core_open(const wchar_t *dll_path, const dmlemu_open_options *options, dmlemu_core **out,
                         dmlemu_device_info *info, const char **where)
{
    static const dmlemu_open_options first = {DMLEMU_ADAPTER_FIRST, 0, NULL};
    if (options == NULL) options = &first;
    *out = NULL;
    memset(info, 0, sizeof *info);
    *where = "out of memory";
    dmlemu_core *core = calloc(1, sizeof *core);
    if (core == NULL) return E_OUTOFMEMORY;
    core->next_handle = 1;
    *where = "CreateDXGIFactory1";
    HRESULT hr = open_d3d12(core, options, info, where);
    if (SUCCEEDED(hr)) hr = open_directml(core, dll_path, options->create_flags, info, where);
    if (SUCCEEDED(hr)) hr = open_queue(core, where);
    if (FAILED(hr)) {
        dmlemu_core_close(core);
        return hr;
    }
    *where = "";
    *out = core;
    return S_OK;
}

void dmlemu_core_close(dmlemu_core *core)
{
    if (core == NULL) return;
    while (core->ops != NULL) dmlemu_core_release(core, core->ops->handle);
    CORE_RELEASE(core->recorder);
    if (core->fence_event) CloseHandle(core->fence_event);
    CORE_RELEASE(core->fence);
    CORE_RELEASE(core->list);
    CORE_RELEASE(core->allocator);
    CORE_RELEASE(core->queue);
    CORE_RELEASE(core->dml);
    CORE_RELEASE(core->device);
    /* DirectML.dll stays loaded: freeing it under a live D3D12 runtime gains nothing. */
    free(core);
}

HRESULT core_make_buffer(dmlemu_core *core, D3D12_HEAP_TYPE heap, uint64_t size, D3D12_RESOURCE_STATES state,
                         ID3D12Resource **out)
{
    D3D12_HEAP_PROPERTIES hp;
    memset(&hp, 0, sizeof hp);
    hp.Type = heap;
    D3D12_RESOURCE_DESC rd;
    memset(&rd, 0, sizeof rd);
    rd.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
    rd.Width = size;
    rd.Height = 1;
    rd.DepthOrArraySize = 1;
    rd.MipLevels = 1;
    rd.SampleDesc.Count = 1;
    rd.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
    rd.Flags = heap == D3D12_HEAP_TYPE_DEFAULT ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS : D3D12_RESOURCE_FLAG_NONE;
    return core->device->lpVtbl->CreateCommittedResource(core->device, &hp, D3D12_HEAP_FLAG_NONE, &rd, state, NULL,
                                                         &IID_ID3D12Resource, (void **)out);
}

HRESULT core_submit_and_wait(dmlemu_core *core)
{
    HRESULT hr = core->list->lpVtbl->Close(core->list);
    if (SUCCEEDED(hr)) {
        ID3D12CommandList *lists[1] = {(ID3D12CommandList *)core->list};
        core->queue->lpVtbl->ExecuteCommandLists(core->queue, 1, lists);
        hr = core->queue->lpVtbl->Signal(core->queue, core->fence, ++core->fence_value);
        if (SUCCEEDED(hr) && core->fence->lpVtbl->GetCompletedValue(core->fence) < core->fence_value) {
            hr = core->fence->lpVtbl->SetEventOnCompletion(core->fence, core->fence_value, core->fence_event);
            if (SUCCEEDED(hr) && WaitForSingleObject(core->fence_event, INFINITE) != WAIT_OBJECT_0)
                hr = HRESULT_FROM_WIN32(GetLastError());
        }
    }
    /* Reset even after a failure so the next request starts from a clean list. */
    HRESULT hr2 = core->allocator->lpVtbl->Reset(core->allocator);
    if (SUCCEEDED(hr2)) hr2 = core->list->lpVtbl->Reset(core->list, core->allocator, NULL);
    if (SUCCEEDED(hr)) hr = core->device->lpVtbl->GetDeviceRemovedReason(core->device);
    return FAILED(hr) ? hr : hr2;
}

void core_discard(dmlemu_core *core)
{
    core->list->lpVtbl->Close(core->list);
    if (SUCCEEDED(core->allocator->lpVtbl->Reset(core->allocator)))
        core->list->lpVtbl->Reset(core->list, core->allocator, NULL);
}

void core_transition(dmlemu_core *core, ID3D12Resource *r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to)
{
    D3D12_RESOURCE_BARRIER b;
    memset(&b, 0, sizeof b);
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
    b.Transition.pResource = r;
    b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
    b.Transition.StateBefore = from;
    b.Transition.StateAfter = to;
    core->list->lpVtbl->ResourceBarrier(core->list, 1, &b);
}

void core_uav_barrier(dmlemu_core *core)
{
    D3D12_RESOURCE_BARRIER b;
    memset(&b, 0, sizeof b);
    b.Type = D3D12_RESOURCE_BARRIER_TYPE_UAV;
    core->list->lpVtbl->ResourceBarrier(core->list, 1, &b);
}
