package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * {@code "initialValues": [1, 2, "nan"]} as the model reader holds it: the elements already encoded little-endian in
 * the resource's data type, as DxDispatch writes them into its upload buffer. The reader encodes each value as it
 * streams past, so an array of millions of values costs its bytes and nothing more. ({@link ArrayValues} is the form
 * for code that writes models: a list of exact decimals.)
 *
 * @param dataType the resource's {@code initialValuesDataType}
 * @param count the number of elements
 * @param bytes the encoded elements, {@code ceil(count * bits / 8)} bytes from position 0; read-only
 */
public record EncodedValues(TensorDataType dataType, long count, ByteBuffer bytes) implements InitialValues {

    public EncodedValues {
        Objects.requireNonNull(dataType, "dataType");
        bytes = bytes.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        if (count < 0 || bytes.remaining() != ValueCodec.byteCount(dataType, count)) {
            throw new IllegalArgumentException(count + " " + dataType + " elements need "
                    + (count < 0 ? "no" : Long.toString(ValueCodec.byteCount(dataType, count))) + " bytes, not "
                    + bytes.remaining());
        }
    }

    /** The values as exact decimals (integers exactly, floats as the shortest decimal that reads back the same). */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("EncodedValues[").append(dataType).append(", [");
        for (long i = 0; i < Math.min(count, 16); i++) {
            long index = i;
            text.append(i == 0 ? "" : ", ").append(ElementValues.nonFinite(dataType, bytes, index)
                    .map(SpecialScalar::jsonText).orElseGet(() -> ElementValues.finiteText(dataType, bytes, index)));
        }
        return text.append(count > 16 ? ", ...]]" : "]]").toString();
    }
}
