package dev.dmlemu.testkit;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftLeftOperatorDesc;
import dev.dmlemu.desc.ElementWiseBitShiftRightOperatorDesc;
import dev.dmlemu.desc.ElementWiseClipGrad1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipGradOperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseDequantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseDifferenceSquareOperatorDesc;
import dev.dmlemu.desc.ElementWiseDivideOperatorDesc;
import dev.dmlemu.desc.ElementWiseMeanOperatorDesc;
import dev.dmlemu.desc.ElementWiseModulusFloorOperatorDesc;
import dev.dmlemu.desc.ElementWiseModulusTruncateOperatorDesc;
import dev.dmlemu.desc.ElementWiseQuantizeLinearOperatorDesc;
import dev.dmlemu.desc.ElementWiseRoundOperatorDesc;
import dev.dmlemu.desc.ElementWiseThresholdOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.RoundingMode;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The probes of docs/directml-behaviour.md §15.7: chosen bit patterns through the element-wise arithmetic, with the
 * output the real DirectML.dll 1.15.4 gave on the referee. Every tensor is packed, with an element count that is not
 * a multiple of 4 (the referee's CompileOperator refuses FLOAT32 arithmetic over such counts, §15.2). The tests
 * module checks the DLL still gives these outputs; the emulator module checks the emulator gives them.
 */
public final class ArithmeticProbes {

    /**
     * One probe: a desc over packed tensors, each input's elements (in the desc's input order) and the expected output
     * elements, as bits.
     */
    public record Probe(String name, OperatorDesc desc, List<BufferTensorDesc> inputTensors, List<TensorBytes> inputs,
            BufferTensorDesc outputTensor, long[] expected) {}

    private static final TensorDataType F32 = TensorDataType.FLOAT32;

    private ArithmeticProbes() {}

    public static List<Probe> all() {
        List<Probe> all = new ArrayList<>();
        // DIVIDE: correctly rounded with ties to even (denormals kept); integers as 32-bit udiv with x / 0 all ones.
        all.add(binary("DIVIDE FLOAT32", F32, t -> new ElementWiseDivideOperatorDesc(t, t, t),
                "3F800000/40400000=3EAAAAAB 00000001/40000000=00000000 00000003/40000000=00000002"
                        + " 3F800000/00000000=7F800000 00000000/00000000=FFC00000 3F800000/7FA00001=7FE00001"
                        + " FFC12345/7FC00001=FFC12345"));
        all.add(binary("DIVIDE INT32", TensorDataType.INT32, t -> new ElementWiseDivideOperatorDesc(t, t, t),
                "00000007/FFFFFFFE=FFFFFFFD 80000000/FFFFFFFF=80000000 00000005/00000000=FFFFFFFF"
                        + " FFFFFFFB/00000000=00000001 00000000/00000000=FFFFFFFF FFFFFFF9/00000002=FFFFFFFD"
                        + " 7FFFFFFF/80000000=00000000"));
        all.add(binary("DIVIDE UINT32", TensorDataType.UINT32, t -> new ElementWiseDivideOperatorDesc(t, t, t),
                "FFFFFFF9/00000002=7FFFFFFC 00000005/00000000=FFFFFFFF FFFFFFFD/00000007=24924924"));
        all.add(binary("DIVIDE INT8", TensorDataType.INT8, t -> new ElementWiseDivideOperatorDesc(t, t, t),
                "80/FF=80 05/00=FF FB/00=01"));
        // MODULUS_TRUNCATE on floats: the quotient's bits plus one, truncated, a - t * b.
        all.add(binary("MODULUS_TRUNCATE FLOAT32", F32, t -> new ElementWiseModulusTruncateOperatorDesc(t, t, t),
                "3F800000/7FA00001=7FE00002 00000000/00000000=FFC00001 7F800000/3F800000=FFC00000"
                        + " 4B000000/3F800000=BF800000 4AFFFFFF/3F800000=BF000000 40B00000/3F800000=3F000000"
                        + " C0400000/40000000=BF800000 80000000/3F800000=00000000 00800000/00000001=80000001"
                        + " 7F7FFFFF/3F000000=FF800000 4A7FFFFF/3F800000=BE800000"));
        all.add(binary("MODULUS_TRUNCATE INT32", TensorDataType.INT32,
                t -> new ElementWiseModulusTruncateOperatorDesc(t, t, t),
                "FFFFFFF9/00000002=FFFFFFFF 00000005/00000000=00000005 FFFFFFFB/00000000=FFFFFFFB"
                        + " 80000000/FFFFFFFF=00000000 7FFFFFFF/80000000=7FFFFFFF"));
        all.add(binary("MODULUS_TRUNCATE UINT32", TensorDataType.UINT32,
                t -> new ElementWiseModulusTruncateOperatorDesc(t, t, t),
                "00000005/00000000=FFFFFFFF FFFFFFFD/00000007=00000001 FFFFFFF9/00000002=00000001"));
        // MODULUS_FLOOR on floats: the quotient one unit up toward +infinity (finite, non-zero), floored, a - t * b.
        all.add(binary("MODULUS_FLOOR FLOAT32", F32, t -> new ElementWiseModulusFloorOperatorDesc(t, t, t),
                "C0400000/40000000=3F800000 40400000/C0000000=BF800000 00000000/00000000=FFC00000"
                        + " 3F800000/7FA00001=7FE00001 80000000/3F800000=00000000 80000003/00000002=00000001"
                        + " 7F800000/7F800000=FFC00000 00800000/00000001=80000001 3F800000/80000000=FFC00000"));
        all.add(binary("MODULUS_FLOOR INT32", TensorDataType.INT32,
                t -> new ElementWiseModulusFloorOperatorDesc(t, t, t),
                "FFFFFFF9/00000002=00000001 00000007/FFFFFFFE=FFFFFFFF 00000005/00000000=FFFFFFFF"
                        + " FFFFFFFB/00000000=00000001 00000000/00000000=FFFFFFFF 7FFFFFFF/80000000=FFFFFFFF"
                        + " FFFFFFFD/00000007=00000004"));
        // MEAN: (a + b) * 0.5, two roundings; integers: the wrapped sum halved toward zero.
        all.add(binary("MEAN FLOAT32", F32, t -> new ElementWiseMeanOperatorDesc(t, t, t),
                "7F800000/FF800000=FFC00000 80000000/80000000=80000000 7F7FFFFF/7F7FFFFF=7F800000"
                        + " 00000001/00000002=00000002 80000003/00000002=80000000 3F800000/7FA00001=7FE00001"
                        + " 3F800001/00000001=3F000001"));
        all.add(binary("MEAN INT32", TensorDataType.INT32, t -> new ElementWiseMeanOperatorDesc(t, t, t),
                "FFFFFFF9/00000002=FFFFFFFE 80000000/FFFFFFFF=3FFFFFFF 7FFFFFFF/7FFFFFFF=FFFFFFFF"
                        + " 7FFFFFFF/80000000=00000000 00000007/00000002=00000004"));
        all.add(binary("MEAN UINT32", TensorDataType.UINT32, t -> new ElementWiseMeanOperatorDesc(t, t, t),
                "FFFFFFF9/00000002=7FFFFFFD FFFFFFF9/FFFFFFFE=7FFFFFFB 7FFFFFFF/7FFFFFFF=7FFFFFFF"));
        // DIFFERENCE_SQUARE: the difference rounded, then its square rounded; integers wrap.
        all.add(binary("DIFFERENCE_SQUARE FLOAT32", F32, t -> new ElementWiseDifferenceSquareOperatorDesc(t, t, t),
                "7F800000/7F800000=FFC00000 7F800000/FF800000=7F800000 3F800001/00000001=3F800002"
                        + " 00000003/00000002=00000000 7F7FFFFF/FF7FFFFF=7F800000"));
        all.add(binary("DIFFERENCE_SQUARE INT32", TensorDataType.INT32,
                t -> new ElementWiseDifferenceSquareOperatorDesc(t, t, t),
                "80000000/FFFFFFFF=00000001 7FFFFFFF/80000000=00000001 FFFFFFFD/00000007=00000064"));
        // ROUND: x = 0.5, -0.5, 1.5, 2.5, 0.49999997, 8388606.5, 16777215, -0.0, -denormal, two signaling NaNs.
        String roundInputs = "3F000000 BF000000 3FC00000 40200000 3EFFFFFF 4AFFFFFD 4B7FFFFF 80000000 80000001"
                + " 7F800001 FFA00001";
        all.add(unary("ROUND HALVES_TO_NEAREST_EVEN", F32,
                t -> new ElementWiseRoundOperatorDesc(t, t, RoundingMode.HALVES_TO_NEAREST_EVEN), roundInputs,
                "00000000 80000000 40000000 40000000 00000000 4AFFFFFC 4B7FFFFF 80000000 80000000 7FC00001 FFE00001"));
        all.add(unary("ROUND TOWARD_ZERO", F32, t -> new ElementWiseRoundOperatorDesc(t, t, RoundingMode.TOWARD_ZERO),
                roundInputs,
                "00000000 80000000 3F800000 40000000 00000000 4AFFFFFC 4B7FFFFF 80000000 80000000 7FC00001 FFE00001"));
        all.add(unary("ROUND TOWARD_INFINITY", F32,
                t -> new ElementWiseRoundOperatorDesc(t, t, RoundingMode.TOWARD_INFINITY), roundInputs,
                "3F800000 BF800000 40000000 40400000 3F800000 4AFFFFFE 4B800000 00000000 80000000 7FC00001 FFE00001"));
        // THRESHOLD: the element when above Min, else Min; a NaN Min keeps everything.
        all.add(unary("THRESHOLD FLOAT32 Min 1", F32, t -> threshold(t, Optional.empty(), 1f),
                "BF000000 7FC12345 3F800001 7F800000 FF800000 80000000 3F7FFFFF",
                "3F800000 3F800000 3F800001 7F800000 3F800000 3F800000 3F800000"));
        all.add(unary("THRESHOLD FLOAT32 Min -0.0", F32, t -> threshold(t, Optional.empty(), -0.0f),
                "00000000 00000001 80000001", "80000000 00000001 80000000"));
        all.add(unary("THRESHOLD FLOAT32 Min 0", F32, t -> threshold(t, Optional.empty(), 0f),
                "80000000 FFA00001 00000001", "00000000 00000000 00000001"));
        all.add(unary("THRESHOLD FLOAT32 Min NaN", F32, t -> threshold(t, Optional.empty(), Float.NaN),
                "7F800001 FFA00001 BF000000", "7F800001 FFA00001 BF000000"));
        all.add(unary("THRESHOLD FLOAT32 Scale 3 Bias 0.1 Min 1", F32,
                t -> threshold(t, Optional.of(new ScaleBias(3f, 0.1f)), 1f), "3F800001 3F000000 7FC12345",
                "40466668 3FCCCCCD 3F800000"));
        all.add(unary("THRESHOLD INT32 Min -1.5", TensorDataType.INT32, t -> threshold(t, Optional.empty(), -1.5f),
                "FFFFFFFE 80000000 00000000", "FFFFFFFF FFFFFFFF 00000000"));
        all.add(unary("THRESHOLD INT32 Min 3e9", TensorDataType.INT32, t -> threshold(t, Optional.empty(), 3e9f),
                "00000000 80000000 FFFFFFFF", "00000000 80000000 FFFFFFFF"));
        all.add(unary("THRESHOLD UINT32 Min -1", TensorDataType.UINT32, t -> threshold(t, Optional.empty(), -1f),
                "00000000 00000001 80000000", "FFFFFFFF FFFFFFFF FFFFFFFF"));
        all.add(unary("THRESHOLD UINT32 Min -0.5", TensorDataType.UINT32, t -> threshold(t, Optional.empty(), -0.5f),
                "00000000 00000001 80000000", "00000000 00000001 80000000"));
        all.add(unary("THRESHOLD UINT8 Min NaN", TensorDataType.UINT8, t -> threshold(t, Optional.empty(), Float.NaN),
                "00 01 80", "FF FF FF"));
        all.add(unary("THRESHOLD UINT8 Min 200.7", TensorDataType.UINT8, t -> threshold(t, Optional.empty(), 200.7f),
                "00 01 FF", "C8 C8 FF"));
        all.add(unary("THRESHOLD INT8 Min 300", TensorDataType.INT8, t -> threshold(t, Optional.empty(), 300f),
                "80 00 7F", "7F 7F 7F"));
        all.add(unary("THRESHOLD INT8 Min NaN", TensorDataType.INT8, t -> threshold(t, Optional.empty(), Float.NaN),
                "80 00 FF", "80 00 FF"));
        // CLIP_GRAD and CLIP_GRAD1: the gradient's bits strictly inside (Min, Max), else +0.
        String clipGradPairs = "BF800000/3F800000=00000000 BF7FFFFF/40000000=40000000 00000000/7FC12345=7FC12345"
                + " 40000000/FFA00001=00000000 7FC00000/40800000=00000000 3F000000/80000000=80000000"
                + " 3F000000/7F800001=7F800001";
        all.add(binary("CLIP_GRAD FLOAT32 [-1, 2]", F32, t -> new ElementWiseClipGradOperatorDesc(t, t, t, -1f, 2f),
                clipGradPairs));
        all.add(binary("CLIP_GRAD1 FLOAT32 [-1, 2]", F32, t -> new ElementWiseClipGrad1OperatorDesc(t, t, t, F32,
                ScalarUnion.of(F32, -1f), ScalarUnion.of(F32, 2f)), clipGradPairs));
        all.add(binary("CLIP_GRAD FLOAT32 [NaN, 2]", F32,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, Float.NaN, 2f),
                "BF7FFFFF/40000000=00000000 3F000000/80000000=00000000 00000000/7FC12345=00000000"));
        all.add(binary("CLIP_GRAD INT32 [-1.5, 2.5]", TensorDataType.INT32,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, -1.5f, 2.5f),
                "FFFFFFFE/00000005=00000000 FFFFFFFF/00000006=00000000 00000002/00000007=00000000"
                        + " 00000003/00000008=00000000 00000000/00000009=00000009"));
        all.add(binary("CLIP_GRAD INT32 [NaN, 5]", TensorDataType.INT32,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, Float.NaN, 5f),
                "80000000/00000001=00000000 FFFFFFFF/00000002=00000002 00000000/00000003=00000003"
                        + " 00000001/00000004=00000004 00000005/00000005=00000000 7FFFFFFF/00000006=00000000"
                        + " FFFFFFFB/00000007=00000007"));
        all.add(binary("CLIP_GRAD INT32 [-inf, inf]", TensorDataType.INT32,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, Float.NEGATIVE_INFINITY, Float.POSITIVE_INFINITY),
                "80000000/00000001=00000000 FFFFFFFF/00000002=00000002 00000005/00000005=00000005"
                        + " 7FFFFFFF/00000006=00000000 FFFFFFFB/00000007=00000007"));
        all.add(binary("CLIP_GRAD UINT8 [-5, 2.5]", TensorDataType.UINT8,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, -5f, 2.5f), "00/05=00 01/06=06 02/07=00 03/08=00 FF/09=00"));
        // A NaN Min or Max on integer tensors, CLIP and CLIP_GRAD alike: INT32 and INT64 take their minimum, UINT64
        // 2^63, INT8, UINT8 and UINT32 take 0 (x64's conversion of a NaN, cut to the type's width).
        // A NaN Min or Max on float tensors clamps nothing; a NaN input still becomes Max.
        all.add(unary("CLIP FLOAT32 [NaN, 2]", F32, t -> clip(t, Float.NaN, 2f),
                "7FC00000 FF800000 7F800000 80000000 00000000 3F800000 C0600000 7149F2CA 7FA00001",
                "40000000 FF800000 40000000 80000000 00000000 3F800000 C0600000 40000000 40000000"));
        all.add(unary("CLIP FLOAT32 [NaN, NaN]", F32, t -> clip(t, Float.NaN, Float.NaN),
                "7FC00000 FF800000 7F800000 80000000 3F800000 C0600000 7FA00001",
                "7FC00000 FF800000 7F800000 80000000 3F800000 C0600000 7FA00001"));
        all.add(unary("CLIP FLOAT32 [NaN, -0.0]", F32, t -> clip(t, Float.NaN, -0.0f),
                "7FC00000 FF800000 7F800000 80000000 00000000 3F800000 C0600000",
                "80000000 FF800000 80000000 80000000 80000000 80000000 C0600000"));
        all.add(unary("CLIP FLOAT32 [0, NaN]", F32, t -> clip(t, 0f, Float.NaN),
                "7FC00000 FF800000 7F800000 80000000 3F800000 C0600000 7149F2CA",
                "00000000 00000000 7F800000 00000000 3F800000 00000000 7149F2CA"));
        all.add(unary("CLIP INT32 [10, 5]", TensorDataType.INT32, t -> clip(t, 10f, 5f),
                "FFFFFFFD 00000000 00000007 0000000C 00000064", "0000000A 0000000A 0000000A 0000000A 0000000A"));
        all.add(unary("CLIP INT32 [NaN, 100]", TensorDataType.INT32, t -> clip(t, Float.NaN, 100f),
                "FFFFFF80 FFFFFFFB 00000078", "FFFFFF80 FFFFFFFB 00000064"));
        all.add(unary("CLIP INT32 [-200, NaN]", TensorDataType.INT32, t -> clip(t, -200f, Float.NaN),
                "FFFFFF80 00000000 00000078", "FFFFFF38 FFFFFF38 FFFFFF38"));
        all.add(unary("CLIP INT64 [NaN, NaN]", TensorDataType.INT64, t -> clip(t, Float.NaN, Float.NaN),
                "FFFFFFFFFFFFFF80 0000000000000078 0000000000000000",
                "8000000000000000 8000000000000000 8000000000000000"));
        all.add(unary("CLIP UINT64 [NaN, 100]", TensorDataType.UINT64, t -> clip(t, Float.NaN, 100f),
                "0000000000000000 0000000000000005 00000000000000FF",
                "8000000000000000 8000000000000000 8000000000000000"));
        all.add(unary("CLIP UINT64 [-200, NaN]", TensorDataType.UINT64, t -> clip(t, -200f, Float.NaN),
                "0000000000000000 0000000000000005 00000000000000FF",
                "0000000000000000 0000000000000005 00000000000000FF"));
        all.add(unary("CLIP UINT32 [-3, NaN]", TensorDataType.UINT32, t -> clip(t, -3f, Float.NaN),
                "00000001 00000078 000000FF", "00000000 00000000 00000000"));
        all.add(unary("CLIP INT8 [NaN, 100]", TensorDataType.INT8, t -> clip(t, Float.NaN, 100f), "80 FB 01 78 7F",
                "00 00 01 64 64"));
        all.add(binary("CLIP_GRAD INT8 [NaN, 100]", TensorDataType.INT8,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, Float.NaN, 100f), "FB/07=00 01/07=07 80/07=00"));
        all.add(binary("CLIP_GRAD UINT64 [0, NaN]", TensorDataType.UINT64,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, 0f, Float.NaN),
                "0000000000000001/0000000000000007=0000000000000007 0000000000000000/0000000000000007=0000000000000000"
                        + " 00000000000000FF/0000000000000007=0000000000000007"));
        all.add(binary("CLIP_GRAD UINT64 [NaN, 100]", TensorDataType.UINT64,
                t -> new ElementWiseClipGradOperatorDesc(t, t, t, Float.NaN, 100f),
                "0000000000000001/0000000000000007=0000000000000000 0000000000000005/0000000000000007=0000000000000000"));
        // QUANTIZE_LINEAR: round_half_even(x / Scale) + ZeroPoint in FLOAT32, then the shader's conversion.
        all.add(quantize("QUANTIZE_LINEAR INT32 to UINT8", TensorDataType.INT32, TensorDataType.UINT8,
                "00000005/40000000/00=02 FFFFFFFF/40000000/0A=0A 01000001/3F800000/00=FF 7FFFFFFF/4B189680/05=DC"
                        + " 80000000/CB189680/05=DC 00000003/3E99999A/00=0A 00000064/3F333333/01=90"));
        all.add(quantize("QUANTIZE_LINEAR UINT8", F32, TensorDataType.UINT8,
                "3F000000/3F800000/00=00 3FC00000/3F800000/00=02 40200000/3F800000/00=02 BFC00000/3F800000/80=7E"
                        + " C3480000/3F800000/80=FF 7FC00000/3F800000/05=FF FF800000/3F800000/05=FF"
                        + " 3F800000/00000000/05=FF 40400000/3EAAAAAB/00=09"));
        all.add(quantize("QUANTIZE_LINEAR INT8", F32, TensorDataType.INT8,
                "43480000/3F800000/80=48 C3480000/3F800000/80=80 7FC00000/3F800000/05=80 3FC00000/3F800000/FF=01"
                        + " 4F32D05E/3F800000/80=80 4EFFFFFF/3F800000/FF=7F 4F000000/3F800000/FF=80"));
        // DEQUANTIZE_LINEAR: (FLOAT32(x) - FLOAT32(ZeroPoint)) * Scale, each step rounded.
        all.add(dequantize("DEQUANTIZE_LINEAR INT32", TensorDataType.INT32,
                "7914DD2E/413FC90E/4121C8E1=5027A933 41AD07FD/3CEF5CDE/571563B7=CB20218C"
                        + " 6DD50C8A/3F289751/640BF97B=4CCE37A5"));
        all.add(dequantize("DEQUANTIZE_LINEAR UINT32", TensorDataType.UINT32,
                "7914DD2E/413FC90E/4121C8E1=5027A933 70F3A3B3/42EDF2BA/85C8A30B=D11AE788"
                        + " 41AD07FD/3CEF5CDE/571563B7=CB20218C"));
        all.add(dequantize("DEQUANTIZE_LINEAR UINT8", TensorDataType.UINT8,
                "50/3C930288/04=3FAE9302 00/3F015D00/E9=C2EB7B4A 80/3F800000/80=00000000"));
        // 64-bit shifts: the count's low 32 bits; 32 or more shifts by 32 + count % 32.
        all.add(binary("BIT_SHIFT_LEFT UINT64", TensorDataType.UINT64,
                t -> new ElementWiseBitShiftLeftOperatorDesc(t, t, t),
                "0000000000000001/0000000000000020=0000000100000000 0000000000000001/0000000000000040=0000000100000000"
                        + " 0000000000000001/0000000000000041=0000000200000000"
                        + " 0000000000000001/0000000100000000=0000000000000001"
                        + " 0000000000000001/000000200000000C=0000000000001000"
                        + " 0000000000000001/8000000000000003=0000000000000008"
                        + " 0000000000000001/000000000000003F=8000000000000000"));
        all.add(binary("BIT_SHIFT_RIGHT UINT64", TensorDataType.UINT64,
                t -> new ElementWiseBitShiftRightOperatorDesc(t, t, t),
                "8000000000000000/000000000000001F=0000000100000000 8000000000000000/0000000000000040=0000000080000000"
                        + " 8000000000000000/0000002000000001=4000000000000000"
                        + " 8000000000000000/0000003F00000005=0400000000000000"
                        + " 8000000000000000/0000000000000021=0000000040000000"));
        return all;
    }

    private static OperatorDesc threshold(BufferTensorDesc t, Optional<ScaleBias> scaleBias, float min) {
        return new ElementWiseThresholdOperatorDesc(t, t, scaleBias, min);
    }

    private static long[] hex(String[] words) {
        long[] v = new long[words.length];
        for (int i = 0; i < words.length; i++) {
            v[i] = Long.parseUnsignedLong(words[i], 16);
        }
        return v;
    }

    /** The whole buffer of a packed tensor (its TotalTensorSizeInBytes, padding zero). */
    private static TensorBytes bytes(BufferTensorDesc tensor, long[] elements) {
        int width = tensor.dataType().sizeInBytes();
        byte[] b = new byte[Math.toIntExact(tensor.totalTensorSizeInBytes())];
        for (int i = 0; i < elements.length; i++) {
            LittleEndian.put(b, i * width, width, elements[i]);
        }
        return TensorBytes.of(b);
    }

    /** Columns of "a/b/...=r" words: the inputs' columns, then the expected column. */
    private static long[][] columns(String spec) {
        String[] rows = spec.trim().split("\\s+");
        int inputs = rows[0].split("=")[0].split("/").length;
        long[][] columns = new long[inputs + 1][rows.length];
        for (int r = 0; r < rows.length; r++) {
            String[] sides = rows[r].split("=");
            long[] in = hex(sides[0].split("/"));
            for (int i = 0; i < inputs; i++) {
                columns[i][r] = in[i];
            }
            columns[inputs][r] = Long.parseUnsignedLong(sides[1], 16);
        }
        return columns;
    }

    private static OperatorDesc clip(BufferTensorDesc t, float min, float max) {
        return new ElementWiseClipOperatorDesc(t, t, Optional.empty(), min, max);
    }

    private static Probe binary(String name, TensorDataType type, Function<BufferTensorDesc, OperatorDesc> desc,
            String spec) {
        long[][] c = columns(spec);
        BufferTensorDesc t = BufferTensorDesc.packed(type, c[0].length);
        return new Probe(name, desc.apply(t), List.of(t, t), List.of(bytes(t, c[0]), bytes(t, c[1])), t, c[2]);
    }

    private static Probe unary(String name, TensorDataType type, Function<BufferTensorDesc, OperatorDesc> desc,
            String inputs, String expected) {
        long[] in = hex(inputs.trim().split("\\s+"));
        BufferTensorDesc t = BufferTensorDesc.packed(type, in.length);
        return new Probe(name, desc.apply(t), List.of(t), List.of(bytes(t, in)), t,
                hex(expected.trim().split("\\s+")));
    }

    private static Probe quantize(String name, TensorDataType input, TensorDataType quantized, String spec) {
        long[][] c = columns(spec);
        int n = c[0].length;
        BufferTensorDesc x = BufferTensorDesc.packed(input, n);
        BufferTensorDesc f = BufferTensorDesc.packed(F32, n);
        BufferTensorDesc q = BufferTensorDesc.packed(quantized, n);
        return new Probe(name, new ElementWiseQuantizeLinearOperatorDesc(x, f, q, q), List.of(x, f, q),
                List.of(bytes(x, c[0]), bytes(f, c[1]), bytes(q, c[2])), q, c[3]);
    }

    private static Probe dequantize(String name, TensorDataType quantized, String spec) {
        long[][] c = columns(spec);
        int n = c[0].length;
        BufferTensorDesc f = BufferTensorDesc.packed(F32, n);
        BufferTensorDesc q = BufferTensorDesc.packed(quantized, n);
        return new Probe(name, new ElementWiseDequantizeLinearOperatorDesc(q, f, q, f), List.of(q, f, q),
                List.of(bytes(q, c[0]), bytes(f, c[1]), bytes(q, c[2])), f, c[3]);
    }
}
