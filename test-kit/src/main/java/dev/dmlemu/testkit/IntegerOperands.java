package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.testkit.TensorDraws.Role;
import java.util.List;
import java.util.Random;

/** What the integer product generators share: their operand types and the bytes of an INT8 or UINT8 operand. */
final class IntegerOperands {

    /** The types of the integer products' matrices, filters and zero points. */
    static final List<TensorDataType> TYPES = List.of(TensorDataType.INT8, TensorDataType.UINT8);

    private IntegerOperands() {}

    /** The tensor's array with every byte drawn, a quarter of them -128, 127, 0 or 255 (nothing for NULL). */
    static TensorBytes filled(MovementDraws draws, Random r, TensorDesc tensor) {
        if (!(tensor instanceof BufferTensorDesc buffer)) {
            return TensorBytes.of(new byte[0]);
        }
        TensorBytes placed = draws.place(r, buffer, Role.INPUT);
        byte[] bytes = placed.bytes();
        byte[] extremes = {-128, 127, 0, -1};
        for (int at = placed.offset(); at < bytes.length; at++) {
            bytes[at] = r.nextInt(4) == 0 ? extremes[r.nextInt(4)] : (byte) r.nextInt();
        }
        return placed;
    }
}
