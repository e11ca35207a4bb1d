package dev.dmlemu.testkit;

import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import java.math.BigInteger;
import java.util.List;

/**
 * DML_FILL_VALUE_SEQUENCE: output element {@code i} (row-major) is {@code ValueStart + i * ValueDelta}. As measured on
 * the real DLL (docs/directml-behaviour.md §16): FLOAT32 rounds {@code i} to float, rounds the product, then rounds
 * the sum (worked here in double, where the product of two floats is exact and one rounding to float of an exact or
 * double-rounded sum gives the binary32 result); integers wrap modulo 2^width.
 */
public final class NaiveFillValueSequence {

    private NaiveFillValueSequence() {}

    public static List<byte[]> run(MovementCase movement) {
        FillValueSequenceOperatorDesc desc = (FillValueSequenceOperatorDesc) movement.desc();
        TensorDataType type = desc.valueDataType();
        NaiveElements elements = new NaiveElements(movement);
        int width = type.sizeInBytes();
        long[] sizes = elements.output(0).sizes();
        byte[] value = new byte[8];
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long bits;
            if (type == TensorDataType.FLOAT32) {
                double start = desc.valueStart().asDouble(type);
                double delta = desc.valueDelta().asDouble(type);
                float product = (float) ((double) (float) e * delta);
                bits = Float.floatToRawIntBits((float) (start + product));
            } else if (type.isFloatingPoint()) {
                throw new IllegalArgumentException(type + " is not modelled");
            } else {
                BigInteger exact = BigInteger.valueOf(desc.valueStart().asLong(type))
                        .add(BigInteger.valueOf(e).multiply(BigInteger.valueOf(desc.valueDelta().asLong(type))));
                bits = exact.longValue();
            }
            LittleEndian.put(value, 0, width, bits);
            elements.put(0, Shapes.coordinate(e, sizes), value, 0);
        }
        return elements.outputs();
    }
}
