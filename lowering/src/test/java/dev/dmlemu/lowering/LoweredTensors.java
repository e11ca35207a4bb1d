package dev.dmlemu.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.util.List;
import java.util.Optional;

/** The checks the lowered-desc tests of every operator make on one tensor of a lowered desc. */
final class LoweredTensors {

    private LoweredTensors() {}

    /** {@code actual} is a buffer tensor with exactly these fields, DimensionCount the number of sizes. */
    static void assertTensor(TensorDataType type, List<Long> sizes, Optional<List<Long>> strides, long total,
            Object actual) {
        BufferTensorDesc desc = assertInstanceOf(BufferTensorDesc.class, actual);
        assertEquals(type, desc.dataType(), "DataType");
        assertEquals(sizes, desc.sizes(), "Sizes");
        assertEquals(sizes.size(), desc.dimensionCount(), "DimensionCount");
        assertEquals(strides, desc.strides(), "Strides");
        assertEquals(total, desc.totalTensorSizeInBytes(), "TotalTensorSizeInBytes");
    }
}
