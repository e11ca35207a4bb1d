package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;

/**
 * An operator's tensors after each was checked on its own, by C field name: the buffer desc, or null when its Type
 * is not BUFFER (already reported). A few entries in field order, looked up by scanning: cheaper than a map on the
 * validator's hot path.
 */
final class CheckedTensors {

    private final String[] names;
    private final BufferTensorDesc[] descs;

    /** @param names the tensor fields' C names in field order; shared, never changed */
    CheckedTensors(String[] names) {
        this.names = names;
        this.descs = new BufferTensorDesc[names.length];
    }

    void set(int field, BufferTensorDesc desc) {
        descs[field] = desc;
    }

    /** The tensor field named {@code name}, or null when it is not a buffer. */
    BufferTensorDesc get(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) {
                return descs[i];
            }
        }
        throw new IllegalArgumentException("no tensor field " + name);
    }
}
