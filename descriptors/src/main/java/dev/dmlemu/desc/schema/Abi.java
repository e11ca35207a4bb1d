package dev.dmlemu.desc.schema;

/**
 * The Windows ABIs DirectML ships for. Both are LLP64 (pointers 8 bytes; UINT, INT, FLOAT, BOOL and enums 4;
 * UINT64 and DOUBLE 8) and place every member at a multiple of its own alignment, so the desc structs, which hold
 * nothing else, have one layout on both (docs/directml-behaviour.md §3.3). x64 is measured; arm64 follows from
 * those rules.
 */
public enum Abi {
    WINDOWS_X64(8),
    WINDOWS_ARM64(8);

    private final int pointerSize;

    Abi(int pointerSize) {
        this.pointerSize = pointerSize;
    }

    /** Bytes in a pointer, which is also its alignment. */
    public int pointerSize() {
        return pointerSize;
    }
}
