/*
 * desc_blob.h - turns the operator desc image that Java marshals into a live
 * C struct tree. Plain C with no Windows calls, so it also builds and is
 * tested on the build machine itself.
 */
#ifndef DMLEMU_DESC_BLOB_H
#define DMLEMU_DESC_BLOB_H

#include <stddef.h>
#include <stdint.h>

#include "dml_core.h" /* DMLEMU_API */

/* Largest blob accepted: a desc tree is a few KiB; this bounds the copy. */
#define DMLEMU_DESC_BLOB_MAX ((uint64_t)64 << 20)

/*
 * Copies blob[0..size) to fresh 16-aligned memory and turns every pointer
 * field listed in relocs (blob offsets) from "offset in the blob, 0 = NULL"
 * into an address. Every check is made before anything is written.
 * On success returns the copy (free with desc_blob_free) and *error = NULL;
 * on failure returns NULL and points *error at a static message.
 */
DMLEMU_API void *desc_blob_relocate(const uint8_t *blob, uint64_t size, const uint32_t *relocs,
                         uint32_t reloc_count, const char **error);

DMLEMU_API void desc_blob_free(void *copy);

#endif
