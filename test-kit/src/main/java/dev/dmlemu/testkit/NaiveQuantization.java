package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.DequantizeOperatorDesc;
import dev.dmlemu.desc.QuantizeOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import java.util.List;

/**
 * The naive reference of QUANTIZE and DEQUANTIZE, as measured on the real DLL (docs/directml-behaviour.md §15.13):
 * element {@code i} of the data uses the scale (and zero point) at {@code i[d] * S[d] / I[d]}. QUANTIZE rounds the
 * FLOAT32 quotient half to even, adds the zero point (without one, 128 for UINT8, 8 for UINT4, 0 for a signed type), and saturates, NaN going to the type's least value; DEQUANTIZE
 * multiplies the difference by the scale, rounded once to FLOAT32. 4-bit elements sit two to a byte, the even one in
 * the low nibble, and a written nibble leaves its neighbour as it was.
 */
public final class NaiveQuantization {

    private NaiveQuantization() {}

    public static List<byte[]> run(MovementCase c) {
        boolean quantize = c.desc() instanceof QuantizeOperatorDesc;
        List<TensorDesc> quantization = quantize ? ((QuantizeOperatorDesc) c.desc()).quantizationTensors()
                : ((DequantizeOperatorDesc) c.desc()).quantizationTensors();
        BufferTensorDesc data = (BufferTensorDesc) (quantize ? ((QuantizeOperatorDesc) c.desc()).inputTensor()
                : ((DequantizeOperatorDesc) c.desc()).inputTensor());
        BufferTensorDesc result = (BufferTensorDesc) (quantize ? ((QuantizeOperatorDesc) c.desc()).outputTensor()
                : ((DequantizeOperatorDesc) c.desc()).outputTensor());
        BufferTensorDesc scale = (BufferTensorDesc) quantization.get(0);
        BufferTensorDesc point = quantization.size() > 1 ? (BufferTensorDesc) quantization.get(1) : null;
        long[] sizes = Shapes.toArray(data.sizes());
        long[] scaleSizes = Shapes.toArray(scale.sizes());
        byte[] out = c.outputs().get(0).bytes().clone();
        for (long e = 0; e < Shapes.product(sizes); e++) {
            long[] at = Shapes.coordinate(e, sizes);
            long[] blockAt = new long[at.length];
            for (int d = 0; d < at.length; d++) {
                blockAt[d] = at[d] * scaleSizes[d] / sizes[d];
            }
            float s = Float.intBitsToFloat((int) LittleEndian.bits(c.inputs().get(1).bytes(),
                    Math.toIntExact(4 * Shapes.offset(blockAt, Shapes.toArray(scale.effectiveStrides()))), 4));
            // Without a zero point, an unsigned type's is its middle value.
            TensorDataType quantized = quantize ? result.dataType() : data.dataType();
            long z = point != null ? read(c.inputs().get(2).bytes(), point.dataType(),
                    Shapes.offset(blockAt, Shapes.toArray(point.effectiveStrides())))
                    : quantized == TensorDataType.UINT8 ? 128 : quantized == TensorDataType.UINT4 ? 8 : 0;
            long from = Shapes.offset(at, Shapes.toArray(data.effectiveStrides()));
            long to = Shapes.offset(at, Shapes.toArray(result.effectiveStrides()));
            if (quantize) {
                float x = Float.intBitsToFloat((int) LittleEndian.bits(c.inputs().get(0).bytes(),
                        Math.toIntExact(4 * from), 4));
                double q = Math.rint((float) (x / s)) + z;
                long least = result.dataType() == TensorDataType.INT8 ? -128
                        : result.dataType() == TensorDataType.INT4 ? -8 : 0;
                long greatest = switch (result.dataType()) {
                    case INT8 -> 127;
                    case UINT8 -> 255;
                    case INT4 -> 7;
                    default -> 15;
                };
                long value = Double.isNaN(q) || q <= least ? least : q >= greatest ? greatest : (long) q;
                write(out, result.dataType(), to, value);
            } else {
                long x = read(c.inputs().get(0).bytes(), data.dataType(), from);
                float y = (float) ((double) (x - z) * s);
                LittleEndian.put(out, Math.toIntExact(4 * to), 4, Float.floatToRawIntBits(y));
            }
        }
        return List.of(out);
    }

    private static long read(byte[] bytes, TensorDataType type, long element) {
        return switch (type) {
            case INT8 -> bytes[Math.toIntExact(element)];
            case UINT8 -> bytes[Math.toIntExact(element)] & 0xFF;
            default -> {
                int nibble = element % 2 == 0 ? bytes[Math.toIntExact(element / 2)] & 0xF
                        : (bytes[Math.toIntExact(element / 2)] & 0xF0) >> 4;
                yield type == TensorDataType.INT4 && nibble >= 8 ? nibble - 16 : nibble;
            }
        };
    }

    private static void write(byte[] bytes, TensorDataType type, long element, long value) {
        int at = Math.toIntExact(type == TensorDataType.INT8 || type == TensorDataType.UINT8 ? element : element / 2);
        if (type == TensorDataType.INT8 || type == TensorDataType.UINT8) {
            bytes[at] = (byte) value;
        } else if (element % 2 == 0) {
            bytes[at] = (byte) ((bytes[at] & 0xF0) | (value & 0xF));
        } else {
            bytes[at] = (byte) ((bytes[at] & 0x0F) | (value & 0xF) << 4);
        }
    }
}
