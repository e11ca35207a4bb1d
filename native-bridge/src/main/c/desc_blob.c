/* desc_blob.c - see desc_blob.h. */
#include "desc_blob.h"

#include <stdlib.h>
#include <string.h>

static uint64_t read_u64(const uint8_t *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

static void write_u64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
}

void *desc_blob_relocate(const uint8_t *blob, uint64_t size, const uint32_t *relocs,
                         uint32_t reloc_count, const char **error)
{
    *error = NULL;
    /* The root DML_OPERATOR_DESC (UINT type + pointer) needs 16 bytes. */
    if (size < 16) { *error = "desc blob shorter than a DML_OPERATOR_DESC (16 bytes)"; return NULL; }
    if (size > DMLEMU_DESC_BLOB_MAX) { *error = "desc blob larger than 64 MiB"; return NULL; }
    if ((uint64_t)reloc_count > size / 8) { *error = "more relocations than pointer slots in the blob"; return NULL; }
    /* One bit per 8-byte slot: a slot relocated twice would get the base added twice. */
    uint64_t slots = size / 8;
    uint8_t *seen = calloc((size_t)(slots / 8 + 1), 1);
    if (seen == NULL) { *error = "out of memory checking relocations"; return NULL; }
    for (uint32_t i = 0; i < reloc_count; i++) {
        uint64_t r = relocs[i];
        if (r % 8 != 0) *error = "relocation offset not 8-aligned";
        else if (r > size - 8) *error = "relocation offset past the end of the blob";
        else if (read_u64(blob + r) >= size) *error = "relocated pointer points past the end of the blob";
        else if (seen[r / 64] & (1u << (r / 8 % 8))) *error = "relocation offset listed twice";
        if (*error != NULL) { free(seen); return NULL; }
        seen[r / 64] |= (uint8_t)(1u << (r / 8 % 8));
    }
    /* The root's Desc pointer (offset 8) must be relocated and not NULL. */
    int root_ok = (seen[0] & 2) != 0 && read_u64(blob + 8) != 0;
    free(seen);
    if (!root_ok) { *error = "root DML_OPERATOR_DESC.Desc is not a relocated, non-NULL pointer"; return NULL; }

    /* Round up to 16 so the copy's tail is padding the caller never reads. */
    size_t alloc = (size_t)((size + 15) & ~(uint64_t)15);
    /* malloc returns 16-aligned memory on x64 (Windows and glibc alike). */
    uint8_t *copy = malloc(alloc);
    if (copy == NULL) { *error = "out of memory copying the desc blob"; return NULL; }
    if ((uintptr_t)copy % 16 != 0) { free(copy); *error = "allocator returned memory not 16-aligned"; return NULL; }
    memset(copy, 0, alloc);
    memcpy(copy, blob, (size_t)size);
    uint64_t base = (uint64_t)(uintptr_t)copy;
    for (uint32_t i = 0; i < reloc_count; i++) {
        uint8_t *slot = copy + relocs[i];
        uint64_t target = read_u64(slot);
        if (target != 0) write_u64(slot, base + target);
    }
    return copy;
}

void desc_blob_free(void *copy)
{
    free(copy);
}
