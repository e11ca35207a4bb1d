/*
 * dml_core.h - everything dmlemu does with D3D12 and DirectML, written once.
 *
 * It is built as dmlemu-core.dll, and both transports call the functions that
 * DLL exports: the pipe host (host_main.c, under Wine on Linux) links to it,
 * and JNA loads it into the JVM on Windows. So the API is plain C: integers,
 * pointers and lengths, no COM types, no allocation the caller must free with
 * another runtime. One core serves one thread at a time.
 */
#ifndef DMLEMU_DML_CORE_H
#define DMLEMU_DML_CORE_H

#include <stdint.h>

/* The DLL exports exactly these functions; the host imports them from it, so
 * the host exercises the entry points Windows calls. Off Windows (desc_blob.c
 * on the build machine) there is nothing to export. */
#if !defined(_WIN32)
#define DMLEMU_API
#elif defined(DMLEMU_BUILD_DLL)
#define DMLEMU_API __declspec(dllexport)
#else
#define DMLEMU_API __declspec(dllimport)
#endif

typedef struct dmlemu_core dmlemu_core;

typedef struct dmlemu_device_info {
    uint32_t max_feature_level;    /* DML_FEATURE_LEVEL code, e.g. 0x6400 */
    uint32_t d3d_feature_level;    /* D3D_FEATURE_LEVEL code, e.g. 0xb000 */
    uint32_t highest_shader_model; /* D3D_SHADER_MODEL code, e.g. 0x51 */
    uint32_t data_type_mask;       /* bit n: DML_TENSOR_DATA_TYPE n supported */
    char adapter[256];             /* UTF-8 */
    char dll_version[128];         /* UTF-8, the DLL's FileVersion string */
    char dll_path[1024];           /* UTF-8 */
} dmlemu_device_info;

/* Where a failure happened; the numbers are part of the host protocol. */
enum dmlemu_stage {
    DMLEMU_STAGE_NONE = 0,
    DMLEMU_STAGE_CREATE = 1,
    DMLEMU_STAGE_COMPILE = 2,
    DMLEMU_STAGE_INITIALIZE = 3,
    DMLEMU_STAGE_BIND = 4,
    DMLEMU_STAGE_EXECUTE = 5,
    DMLEMU_STAGE_READBACK = 6
};

/* Which adapter dmlemu_core_open uses. */
enum dmlemu_adapter {
    DMLEMU_ADAPTER_FIRST = 0, /* the first DXGI adapter D3D12 accepts */
    DMLEMU_ADAPTER_WARP = 1,  /* IDXGIFactory4::EnumWarpAdapter */
    DMLEMU_ADAPTER_NAME = 2   /* the first whose description contains adapter_name, ignoring case */
};

typedef struct dmlemu_open_options {
    uint32_t adapter;             /* enum dmlemu_adapter */
    uint32_t create_flags;        /* DML_CREATE_DEVICE_FLAG_*, e.g. 1 = DEBUG (needs DirectML.Debug.dll) */
    const wchar_t *adapter_name;  /* UTF-16, for DMLEMU_ADAPTER_NAME */
} dmlemu_open_options;

/*
 * Opens the adapter options choose (NULL: the first D3D12 accepts, no
 * flags), loads DirectML.dll from dll_path (UTF-16; NULL = next to the
 * module holding this code) and creates the DirectML device. Returns 0
 * (S_OK) or the failing HRESULT; *where names the failing call (a static
 * string).
 */
DMLEMU_API int32_t dmlemu_core_open(const wchar_t *dll_path, const dmlemu_open_options *options, dmlemu_core **out,
                         dmlemu_device_info *info, const char **where);

typedef struct dmlemu_create_result {
    uint32_t stage;   /* DMLEMU_STAGE_NONE or the failing one */
    uint32_t hresult;
    uint64_t handle;  /* nonzero only when mode 1 succeeded */
    uint64_t persistent_size;
    uint64_t temporary_size;
} dmlemu_create_result;

/*
 * Creates an operator from a desc whose pointers are already live
 * (desc_blob_relocate). mode 0: CreateOperator only, released at once;
 * mode 1: also compile and initialize, keeping it under a new handle.
 * Returns 0, or -1 when out of memory before DirectML was called.
 */
DMLEMU_API int dmlemu_core_create(dmlemu_core *core, const void *desc, uint32_t mode, uint32_t execution_flags,
                       dmlemu_create_result *result);

#define DMLEMU_BUFFER_UPLOAD 1u
#define DMLEMU_BUFFER_READBACK 2u
#define DMLEMU_NO_BUFFER 0xFFFFFFFFu

typedef struct dmlemu_buffer {
    uint64_t size;
    uint32_t flags;       /* DMLEMU_BUFFER_* */
    const void *upload;   /* size bytes when DMLEMU_BUFFER_UPLOAD */
    void *readback;       /* size bytes written when DMLEMU_BUFFER_READBACK */
} dmlemu_buffer;

typedef struct dmlemu_binding {
    uint32_t buffer;      /* index into the buffers, or DMLEMU_NO_BUFFER */
    uint64_t offset;
    uint64_t size;
} dmlemu_binding;

/*
 * Runs a prepared operator once: a device buffer per dmlemu_buffer, the
 * bindings (inputs first, then outputs), a dispatch, and the read-backs.
 * Bindings outside their buffers are refused (E_INVALIDARG at the bind stage).
 * Returns 0 with stage and hresult set, 1 for an unknown handle, -1 for out of memory.
 */
DMLEMU_API int dmlemu_core_execute(dmlemu_core *core, uint64_t handle, const dmlemu_binding *bindings,
                        uint32_t input_count, uint32_t output_count, const dmlemu_buffer *buffers,
                        uint32_t buffer_count, uint32_t *stage, uint32_t *hresult);

/* Returns 0, or 1 for an unknown handle. */
DMLEMU_API int dmlemu_core_release(dmlemu_core *core, uint64_t handle);

DMLEMU_API void dmlemu_core_close(dmlemu_core *core);

#endif
