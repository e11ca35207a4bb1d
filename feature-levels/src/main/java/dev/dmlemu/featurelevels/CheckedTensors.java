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

    /**
     * The checked buffers of a tensor field, in order: the field itself, or each member {@code name[i]} of a tensor
     * array; absent optional tensors and non-buffers are left out.
     */
    java.util.List<Named> buffers(String name) {
        java.util.List<Named> found = new java.util.ArrayList<>(2);
        for (int i = 0; i < names.length; i++) {
            String candidate = names[i];
            boolean matches = candidate.equals(name)
                    || (candidate.startsWith(name) && candidate.length() > name.length()
                            && candidate.charAt(name.length()) == '[');
            if (matches && descs[i] != null) {
                found.add(new Named(candidate, descs[i]));
            }
        }
        return found;
    }

    /** A checked buffer with its path ({@code InputTensors[1]}). */
    record Named(String path, BufferTensorDesc desc) {}
}
