package dev.dmlemu.testkit;

import dev.dmlemu.desc.FillValueConstantOperatorDesc;
import java.util.List;

/** DML_FILL_VALUE_CONSTANT: every output element holds Value's bytes for ValueDataType, unchanged. */
public final class NaiveFillValueConstant {

    private NaiveFillValueConstant() {}

    public static List<byte[]> run(MovementCase movement) {
        FillValueConstantOperatorDesc desc = (FillValueConstantOperatorDesc) movement.desc();
        NaiveElements elements = new NaiveElements(movement);
        byte[] value = new byte[8];
        LittleEndian.put(value, 0, 8, desc.value().bits());
        long[] sizes = elements.output(0).sizes();
        for (long e = 0; e < Shapes.product(sizes); e++) {
            elements.put(0, Shapes.coordinate(e, sizes), value, 0);
        }
        return elements.outputs();
    }
}
