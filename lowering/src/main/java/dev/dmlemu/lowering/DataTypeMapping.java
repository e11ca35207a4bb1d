package dev.dmlemu.lowering;

import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How a framework data type is held by DirectML: a DirectML type, and how many elements of it make one framework
 * element ({@code lanes > 1} only for the UINT32 lane split).
 */
record DataTypeMapping(TensorDataType dmlType, int lanes, Optional<Adjustment> adjustment) {

    static DataTypeMapping of(TensorDataType dmlType) {
        return new DataTypeMapping(dmlType, 1, Optional.empty());
    }

    static DataTypeMapping bitMove(TensorDataType dmlType, Adjustment adjustment) {
        return new DataTypeMapping(dmlType, 1, Optional.of(adjustment));
    }

    static DataTypeMapping uint32Lanes(ElementType type) {
        return new DataTypeMapping(TensorDataType.UINT32, type.sizeInBytes() / 4, Optional.of(Adjustment.UINT32_LANES));
    }

    boolean splitsIntoLanes() {
        return lanes > 1;
    }

    /** A framework shape as DirectML holds it: with a trailing dimension of the lanes when the type splits. */
    List<Long> withLanes(List<Long> shape) {
        List<Long> result = new ArrayList<>(shape);
        if (splitsIntoLanes()) {
            result.add((long) lanes);
        }
        return result;
    }

    /** The DirectML type with the same bits, for every type that has one at some level; empty otherwise. */
    static Optional<DataTypeMapping> nativeMapping(ElementType type) {
        return Optional.ofNullable(switch (type) {
            case FLOAT -> of(TensorDataType.FLOAT32);
            case FLOAT16 -> of(TensorDataType.FLOAT16);
            case DOUBLE -> of(TensorDataType.FLOAT64);
            case INT8 -> of(TensorDataType.INT8);
            case INT16 -> of(TensorDataType.INT16);
            case INT32 -> of(TensorDataType.INT32);
            case INT64 -> of(TensorDataType.INT64);
            case UINT8 -> of(TensorDataType.UINT8);
            case UINT16 -> of(TensorDataType.UINT16);
            case UINT32 -> of(TensorDataType.UINT32);
            case UINT64 -> of(TensorDataType.UINT64);
            case BOOL -> bitMove(TensorDataType.UINT8, Adjustment.BOOL_AS_UINT8);
            case BFLOAT16 -> bitMove(TensorDataType.UINT16, Adjustment.BFLOAT16_AS_UINT16);
            case STRING, COMPLEX64, COMPLEX128 -> null;
        });
    }
}
