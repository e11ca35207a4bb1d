package dev.dmlemu.testkit;

import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.ValueScale2dOperatorDesc;
import java.util.List;

/**
 * DML_VALUE_SCALE_2D as its docs state it, {@code Output[n, c, h, w] = Input[n, c, h, w] * Scale + Bias[c]}, with what
 * the real DLL was measured to do (docs/directml-behaviour.md §15.9): FLOAT32 arithmetic, the product rounded before
 * the sum, a NaN operand coming out quiet with its payload (the input's before Scale's or Bias's), 0 times infinity the
 * default NaN; FLOAT16 computed in FLOAT32 and rounded to half.
 */
public final class NaiveValueScale2d {

    private static final int DEFAULT_NAN = 0xFFC0_0000;

    private NaiveValueScale2d() {}

    public static List<byte[]> run(MovementCase movement) {
        ValueScale2dOperatorDesc desc = (ValueScale2dOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        TensorLayout in = elements.input(0);
        TensorLayout out = elements.output(0);
        TensorBytes input = movement.inputs().get(0);
        boolean half = in.type() == TensorDataType.FLOAT16;
        long[] sizes = in.sizes();
        byte[] value = new byte[4];
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            long bits = LittleEndian.bits(input.bytes(), in.byteAt(input, at), in.elementSize());
            float x = half ? KitHalf.toFloat((int) bits) : Float.intBitsToFloat((int) bits);
            float product = arithmetic(x, desc.scale(), x * desc.scale());
            float y = arithmetic(product, desc.bias().get((int) at[1]), product + desc.bias().get((int) at[1]));
            LittleEndian.put(value, 0, out.elementSize(), half ? KitHalf.fromFloat(y) : Float.floatToRawIntBits(y));
            elements.put(0, at, value, 0);
        }
        return elements.outputs();
    }

    /** {@code result} with x86's NaN rules: a NaN operand, {@code a} first, quiet; else a new NaN is the default one. */
    private static float arithmetic(float a, float b, float result) {
        if (a != a) {
            return Float.intBitsToFloat(Float.floatToRawIntBits(a) | 0x0040_0000);
        }
        if (b != b) {
            return Float.intBitsToFloat(Float.floatToRawIntBits(b) | 0x0040_0000);
        }
        return result != result ? Float.intBitsToFloat(DEFAULT_NAN) : result;
    }
}
