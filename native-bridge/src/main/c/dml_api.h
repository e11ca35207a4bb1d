/*
 * dml_api.h - the part of DirectML's public C API the core calls.
 *
 * mingw-w64 ships d3d12.h but no DirectML header, so the types below are
 * declared here from the documented API. The core never looks inside an
 * operator desc (it arrives as bytes from Java), so no operator structs
 * appear: only device, feature query, binding and dispatch types.
 *
 * COM interfaces are C structs whose first member points to a table of
 * function pointers in declaration order, parents' methods first.
 */
#ifndef DMLEMU_DML_API_H
#define DMLEMU_DML_API_H

#include <windows.h>
#include <d3d12.h>

/* Values of DML_FEATURE_LEVEL, DML_FEATURE and DML_BINDING_TYPE. */
enum {
    DMLEMU_FEATURE_TENSOR_DATA_TYPE_SUPPORT = 0,
    DMLEMU_FEATURE_FEATURE_LEVELS = 1,
    DMLEMU_BINDING_NONE = 0,
    DMLEMU_BINDING_BUFFER = 1,
    DMLEMU_FEATURE_LEVEL_1_0 = 0x1000,
    DMLEMU_TENSOR_DATA_TYPE_LAST = 13 /* INT4; codes 1..13 are queried */
};

typedef struct dml_operator_desc_t {
    UINT Type;
    const void *Desc;
} dml_operator_desc_t;

typedef struct dml_tensor_type_query_t {
    UINT DataType;
} dml_tensor_type_query_t;

typedef struct dml_tensor_type_support_t {
    BOOL IsSupported;
} dml_tensor_type_support_t;

typedef struct dml_feature_levels_query_t {
    UINT RequestedFeatureLevelCount;
    const UINT *RequestedFeatureLevels;
} dml_feature_levels_query_t;

typedef struct dml_feature_levels_data_t {
    UINT MaxSupportedFeatureLevel;
} dml_feature_levels_data_t;

typedef struct dml_binding_properties_t {
    UINT RequiredDescriptorCount;
    UINT64 TemporaryResourceSize;
    UINT64 PersistentResourceSize;
} dml_binding_properties_t;

typedef struct dml_binding_desc_t {
    UINT Type;
    const void *Desc;
} dml_binding_desc_t;

typedef struct dml_buffer_binding_t {
    ID3D12Resource *Buffer;
    UINT64 Offset;
    UINT64 SizeInBytes;
} dml_buffer_binding_t;

typedef struct dml_dispatchable_t dml_dispatchable_t;

typedef struct dml_binding_table_desc_t {
    dml_dispatchable_t *Dispatchable;
    D3D12_CPU_DESCRIPTOR_HANDLE CPUDescriptorHandle;
    D3D12_GPU_DESCRIPTOR_HANDLE GPUDescriptorHandle;
    UINT SizeInDescriptors;
} dml_binding_table_desc_t;

/* IUnknown, then IDMLObject's four private-data/name methods. */
#define DMLEMU_OBJECT_SLOTS(Self)                                             \
    HRESULT(STDMETHODCALLTYPE *QueryInterface)(Self *, REFIID, void **);      \
    ULONG(STDMETHODCALLTYPE *AddRef)(Self *);                                 \
    ULONG(STDMETHODCALLTYPE *Release)(Self *);                                \
    void *GetPrivateData, *SetPrivateData, *SetPrivateDataInterface, *SetName;

/* IDMLDeviceChild adds GetDevice; IDMLPageable adds nothing. */
#define DMLEMU_CHILD_SLOTS(Self) DMLEMU_OBJECT_SLOTS(Self) void *GetDevice;

/* IDMLDispatchable::GetBindingProperties returns a struct: the MSVC x64
 * ABI passes a hidden result pointer after 'this' and returns it. */
#define DMLEMU_DISPATCHABLE_SLOTS(Self)                                       \
    DMLEMU_CHILD_SLOTS(Self)                                                  \
    dml_binding_properties_t *(STDMETHODCALLTYPE *GetBindingProperties)(      \
        Self *, dml_binding_properties_t *);

typedef struct dml_operator_t { const struct { DMLEMU_CHILD_SLOTS(struct dml_operator_t) } *lpVtbl; } dml_operator_t;

struct dml_dispatchable_t { const struct { DMLEMU_DISPATCHABLE_SLOTS(dml_dispatchable_t) } *lpVtbl; };

typedef struct dml_compiled_t { const struct { DMLEMU_DISPATCHABLE_SLOTS(struct dml_compiled_t) } *lpVtbl; } dml_compiled_t;

typedef struct dml_initializer_t {
    const struct {
        DMLEMU_DISPATCHABLE_SLOTS(struct dml_initializer_t)
        HRESULT(STDMETHODCALLTYPE *Reset)(struct dml_initializer_t *, UINT, dml_compiled_t *const *);
    } *lpVtbl;
} dml_initializer_t;

typedef struct dml_binding_table_t {
    const struct {
        DMLEMU_CHILD_SLOTS(struct dml_binding_table_t)
        void(STDMETHODCALLTYPE *BindInputs)(struct dml_binding_table_t *, UINT, const dml_binding_desc_t *);
        void(STDMETHODCALLTYPE *BindOutputs)(struct dml_binding_table_t *, UINT, const dml_binding_desc_t *);
        void(STDMETHODCALLTYPE *BindTemporaryResource)(struct dml_binding_table_t *, const dml_binding_desc_t *);
        void(STDMETHODCALLTYPE *BindPersistentResource)(struct dml_binding_table_t *, const dml_binding_desc_t *);
        HRESULT(STDMETHODCALLTYPE *Reset)(struct dml_binding_table_t *, const dml_binding_table_desc_t *);
    } *lpVtbl;
} dml_binding_table_t;

typedef struct dml_recorder_t {
    const struct {
        DMLEMU_CHILD_SLOTS(struct dml_recorder_t)
        void(STDMETHODCALLTYPE *RecordDispatch)(struct dml_recorder_t *, ID3D12CommandList *,
                                                dml_dispatchable_t *, dml_binding_table_t *);
    } *lpVtbl;
} dml_recorder_t;

typedef struct dml_device_t {
    const struct {
        DMLEMU_OBJECT_SLOTS(struct dml_device_t)
        HRESULT(STDMETHODCALLTYPE *CheckFeatureSupport)(struct dml_device_t *, UINT feature, UINT querySize,
                                                        const void *query, UINT dataSize, void *data);
        HRESULT(STDMETHODCALLTYPE *CreateOperator)(struct dml_device_t *, const dml_operator_desc_t *, REFIID, void **);
        HRESULT(STDMETHODCALLTYPE *CompileOperator)(struct dml_device_t *, dml_operator_t *, UINT flags, REFIID, void **);
        HRESULT(STDMETHODCALLTYPE *CreateOperatorInitializer)(struct dml_device_t *, UINT, dml_compiled_t *const *,
                                                              REFIID, void **);
        HRESULT(STDMETHODCALLTYPE *CreateCommandRecorder)(struct dml_device_t *, REFIID, void **);
        HRESULT(STDMETHODCALLTYPE *CreateBindingTable)(struct dml_device_t *, const dml_binding_table_desc_t *,
                                                       REFIID, void **);
        void *Evict, *MakeResident, *GetDeviceRemovedReason, *GetParentDevice;
    } *lpVtbl;
} dml_device_t;

typedef HRESULT(WINAPI *dml_create_device1_fn)(ID3D12Device *, UINT flags, UINT minimumFeatureLevel, REFIID, void **);

/* Interface IDs as published for IDMLDevice, IDMLOperator, IDMLCompiledOperator,
 * IDMLOperatorInitializer, IDMLBindingTable and IDMLCommandRecorder. */
static const GUID DMLEMU_IID_DEVICE = {0x6dbd6437, 0x96fd, 0x423f, {0xa9, 0x8c, 0xae, 0x5e, 0x7c, 0x2a, 0x57, 0x3f}};
static const GUID DMLEMU_IID_OPERATOR = {0x26caae7a, 0x3081, 0x4633, {0x95, 0x81, 0x22, 0x6f, 0xbe, 0x57, 0x69, 0x5d}};
static const GUID DMLEMU_IID_COMPILED = {0x6b15e56a, 0xbf5c, 0x4902, {0x92, 0xd8, 0xda, 0x3a, 0x65, 0x0a, 0xfe, 0xa4}};
static const GUID DMLEMU_IID_INITIALIZER = {0x427c1113, 0x435c, 0x469c, {0x86, 0x76, 0x4d, 0x5d, 0xd0, 0x72, 0xf8, 0x13}};
static const GUID DMLEMU_IID_BINDING_TABLE = {0x29c687dc, 0xde74, 0x4e3b, {0xab, 0x00, 0x11, 0x68, 0xf2, 0xfc, 0x3c, 0xfc}};
static const GUID DMLEMU_IID_RECORDER = {0xe6857a76, 0x2e3e, 0x4fdd, {0xbf, 0xf4, 0x5d, 0x2b, 0xa1, 0x0f, 0xb4, 0x53}};

#endif
