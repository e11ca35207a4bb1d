package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;

/**
 * One buffer tensor's fields as the naive references read them: sizes and strides in elements, the packed strides
 * when the desc gives none.
 *
 * @param stridesGiven whether the desc has Strides (DirectML's GATHER tells the two apart, see {@link NaiveGather})
 */
record TensorLayout(TensorDataType type, long[] sizes, long[] strides, boolean stridesGiven, long totalBytes) {

    static TensorLayout of(TensorDesc desc) {
        if (!(desc instanceof BufferTensorDesc buffer)) {
            throw new IllegalArgumentException("buffer tensors only: " + desc);
        }
        long[] sizes = Shapes.toArray(buffer.sizes());
        long[] strides = buffer.strides().map(Shapes::toArray).orElseGet(() -> Shapes.packedStrides(sizes));
        return new TensorLayout(buffer.dataType(), sizes, strides, buffer.strides().isPresent(),
                buffer.totalTensorSizeInBytes());
    }

    int rank() {
        return sizes.length;
    }

    int elementSize() {
        return type.sizeInBytes();
    }

    /** The byte position of the element at {@code coordinate} inside the tensor's array. */
    int byteAt(TensorBytes bytes, long[] coordinate) {
        return Math.toIntExact(bytes.offset() + Shapes.offset(coordinate, strides) * elementSize());
    }
}
