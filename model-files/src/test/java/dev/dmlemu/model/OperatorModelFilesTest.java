package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.ActivationLeakyReluOperatorDesc;
import dev.dmlemu.desc.ActivationLinearOperatorDesc;
import dev.dmlemu.desc.FillValueConstantOperatorDesc;
import dev.dmlemu.desc.Padding1OperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.AxisDirection;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ConvolutionMode;
import dev.dmlemu.desc.ConvolutionOperatorDesc;
import dev.dmlemu.desc.CumulativeProductOperatorDesc;
import dev.dmlemu.desc.ElementWiseAdd1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClip1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.FillValueSequenceOperatorDesc;
import dev.dmlemu.desc.GemmOperatorDesc;
import dev.dmlemu.desc.InterpolationMode;
import dev.dmlemu.desc.JoinOperatorDesc;
import dev.dmlemu.desc.MatrixTransform;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.OperatorDescs;
import dev.dmlemu.desc.OperatorType;
import dev.dmlemu.desc.ReduceFunction;
import dev.dmlemu.desc.ReduceOperatorDesc;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.Size2d;
import dev.dmlemu.desc.SliceOperatorDesc;
import dev.dmlemu.desc.SplitOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.Upsample2dOperatorDesc;
import dev.dmlemu.testkit.PopulatedDescs;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Model files of operators beyond the gathers and scatters, in the structure and spellings of DxDispatch's own
 * example models (microsoft/DirectML, DxDispatch/models: dml_convolution.json, dml_gemm.json, dml_join.json, ...),
 * read into the expected records; and every operator's populated desc survives write → read.
 */
class OperatorModelFilesTest {

    private static OperatorDesc descOf(String file) {
        ModelFile model = ModelFiles.read(ModelRoundTripTest.resource("operators/" + file));
        String written = ModelFiles.write(model);
        ModelFile again = ModelFiles.parse(written, null, "written");
        assertEquals(model, again, written);
        assertEquals(written, ModelFiles.write(again), "writing is stable");
        return ((OperatorDispatchable) model.dispatchables().values().iterator().next()).desc();
    }

    private static String source(String file) {
        try {
            return Files.readString(ModelRoundTripTest.resource("operators/" + file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static BufferTensorDesc tensor(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    @Test
    void convolutionReadsEnumsArraysAndALeftOutBiasAndActivation() {
        ConvolutionOperatorDesc conv = (ConvolutionOperatorDesc) descOf("convolution_2d.json");
        assertEquals(tensor(1, 1, 4, 4), conv.inputTensor());
        assertEquals(TensorDesc.NULL, conv.biasTensor());
        assertEquals(ConvolutionMode.CROSS_CORRELATION, conv.mode());
        assertEquals(2, conv.dimensionCount());
        assertEquals(List.of(1L, 1L), conv.strides());
        assertEquals(List.of(0L, 0L), conv.outputPadding());
        assertEquals(1, conv.groupCount());
        assertEquals(Optional.empty(), conv.fusedActivation());
    }

    @Test
    void gemmReadsFloatsAndAFusedActivationWithItsDesc() {
        GemmOperatorDesc gemm = (GemmOperatorDesc) descOf("gemm.json");
        assertEquals(MatrixTransform.TRANSPOSE, gemm.transB());
        assertEquals(0.5f, gemm.alpha());
        assertEquals(2.0f, gemm.beta());
        assertEquals(Optional.of(new ActivationReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL)),
                gemm.fusedActivation());
    }

    @Test
    void add1ReadsAFlatFusedActivation() {
        ElementWiseAdd1OperatorDesc add = (ElementWiseAdd1OperatorDesc) descOf("element_wise_add1.json");
        assertEquals(Optional.of(new ActivationLeakyReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL, 0.25f)),
                add.fusedActivation());
    }

    @Test
    void reduceJoinSplitSlice() {
        ReduceOperatorDesc reduce = (ReduceOperatorDesc) descOf("reduce.json");
        assertEquals(ReduceFunction.MAX, reduce.function());
        assertEquals(1, reduce.axisCount());
        assertEquals(List.of(3L), reduce.axes());
        JoinOperatorDesc join = (JoinOperatorDesc) descOf("join.json");
        assertEquals(2, join.inputCount());
        assertEquals(List.of(tensor(3), tensor(2)), join.inputTensors());
        SplitOperatorDesc split = (SplitOperatorDesc) descOf("split.json");
        assertEquals(List.of(tensor(1), tensor(3)), split.outputTensors());
        SliceOperatorDesc slice = (SliceOperatorDesc) descOf("slice.json");
        assertEquals(List.of(0L, 0L, 1L, 1L), slice.offsets());
    }

    @Test
    void aTensorArrayIsBoundByAnArrayOfResources() {
        ModelFile model = ModelFiles.read(ModelRoundTripTest.resource("operators/join.json"));
        DispatchCommand dispatch = (DispatchCommand) model.commands().get(0);
        Map<String, BindingRef> expected = new LinkedHashMap<>();
        // elementOffset 2 of FLOAT32 elements; DxDispatch's elementCount is read and not kept.
        expected.put("InputTensors[0]", new BindingRef("p", 2, 0));
        expected.put("InputTensors[1]", BindingRef.of("q"));
        expected.put("OutputTensor", BindingRef.of("y"));
        assertEquals(expected, dispatch.bindings());
        String text = source("join.json").replace("\"q\"\n", "\"q\", \"q\"\n");
        ModelFormatException wrongCount = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(text, null,
                "m.json"));
        assertTrue(wrongCount.getMessage().contains("bind point 'InputTensors' requires 2 resources, but 3 were"
                + " bound"), wrongCount.getMessage());
    }

    @Test
    void scaleBiasSize2dBoolAndEnums() {
        assertEquals(Optional.of(new ScaleBias(3, -1)),
                ((ElementWiseIdentityOperatorDesc) descOf("element_wise_identity.json")).scaleBias());
        ElementWiseClipOperatorDesc clip = (ElementWiseClipOperatorDesc) descOf("element_wise_clip.json");
        assertEquals(-1.5f, clip.min());
        assertEquals(1.25f, clip.max());
        Upsample2dOperatorDesc up = (Upsample2dOperatorDesc) descOf("upsample_2d.json");
        assertEquals(new Size2d(3, 2), up.scaleSize());
        assertEquals(InterpolationMode.NEAREST_NEIGHBOR, up.interpolationMode());
        CumulativeProductOperatorDesc prod = (CumulativeProductOperatorDesc) descOf("cumulative_product.json");
        assertEquals(AxisDirection.DECREASING, prod.axisDirection());
        assertTrue(prod.hasExclusiveProduct());
    }

    @Test
    void scalarUnionsTakeTheirDataTypeFieldsMember() {
        FillValueSequenceOperatorDesc fill = (FillValueSequenceOperatorDesc) descOf("fill_value_sequence.json");
        assertEquals(TensorDataType.INT32, fill.valueDataType());
        assertEquals(0xFFFF_FFF9L, fill.valueStart().bits()); // -7 as INT32, the high 4 bytes zero
        assertEquals(3, fill.valueDelta().bits());
        ElementWiseClip1OperatorDesc clip = (ElementWiseClip1OperatorDesc) descOf("scalar_union_fp16.json");
        assertEquals(0x3E00L, clip.min().bits()); // binary16 1.5 = 0x3E00, by hand
        assertEquals(0x4200L, clip.max().bits()); // binary16 3.0 = 0x4200
    }

    @Test
    void aScalarOutsideItsMembersRangeIsLocated() {
        String text = source("fill_value_sequence.json").replace("\"ValueStart\": -7", "\"ValueStart\": 2147483648");
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(text, null, "m.json"));
        assertTrue(e.getMessage().startsWith("dispatchables.ramp.desc.ValueStart: expected a signed 32-bit"
                + " integer for INT32, got 2147483648 (line "), e.getMessage());
    }

    /**
     * DxDispatch's float fields take "nan", "inf" and "-inf" in any case ({@code ParseFloatingPointNumber} in
     * DxDispatch/src/model/JsonParsers.cpp compares them with {@code _stricmp}) and refuse JavaScript's "Infinity";
     * the writer writes the lower-case spellings back.
     */
    @Test
    void floatFieldsTakeDxDispatchsSpellingsOfNanAndTheInfinities() {
        String base = source("element_wise_clip.json");
        String text = base.replace("-1.5", "\"-INF\"").replace("1.25", "\"Inf\"");
        ModelFile model = ModelFiles.parse(text, null, "m.json");
        ElementWiseClipOperatorDesc clip =
                (ElementWiseClipOperatorDesc) ((OperatorDispatchable) model.dispatchables().values().iterator().next())
                        .desc();
        assertEquals(Float.NEGATIVE_INFINITY, clip.min());
        assertEquals(Float.POSITIVE_INFINITY, clip.max());
        String written = ModelFiles.write(model);
        assertTrue(written.contains("\"-inf\"") && written.contains("\"inf\""), written);
        ElementWiseClipOperatorDesc nan = (ElementWiseClipOperatorDesc) ((OperatorDispatchable) ModelFiles
                .parse(base.replace("-1.5", "\"nan\""), null, "m.json").dispatchables().values().iterator().next())
                .desc();
        assertTrue(Float.isNaN(nan.min()));
        ModelFormatException e = assertThrows(ModelFormatException.class,
                () -> ModelFiles.parse(base.replace("1.25", "\"Infinity\""), null, "m.json"));
        assertTrue(e.getMessage().contains(".desc.Max: expected a number or \"nan\", \"inf\", \"-inf\", got"
                + " \"Infinity\""), e.getMessage());
    }

    @Test
    void anUnknownEnumNameIsLocated() {
        String text = source("reduce.json").replace("DML_REDUCE_FUNCTION_MAX", "DML_REDUCE_FUNCTION_MEDIAN");
        ModelFormatException e = assertThrows(ModelFormatException.class, () -> ModelFiles.parse(text, null, "m.json"));
        assertTrue(e.getMessage().startsWith("dispatchables.max.desc.Function: unknown ReduceFunction"
                + " 'DML_REDUCE_FUNCTION_MEDIAN'"), e.getMessage());
    }

    /** The fuzz seed with every kind of field: read, the edge values kept, and round-tripped. */
    @Test
    void theEveryFieldKindSeedReadsAndKeepsItsEdgeValues() throws IOException {
        String text = Files.readString(Path.of("src/test/resources/dev/dmlemu/model/ModelReaderFuzzTestInputs/parse/"
                + "every-field-kind"));
        ModelFile model = ModelFiles.parse(text, null, "every-field-kind");
        assertEquals(model, ModelFiles.parse(ModelFiles.write(model), null, "written"));
        Map<String, OperatorDesc> descs = new LinkedHashMap<>();
        model.dispatchables().forEach((name, d) -> descs.put(name, ((OperatorDispatchable) d).desc()));
        ActivationLinearOperatorDesc linear = (ActivationLinearOperatorDesc) ((ConvolutionOperatorDesc)
                descs.get("conv")).fusedActivation().orElseThrow();
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(linear.alpha()));
        assertTrue(Float.isNaN(linear.beta()));
        assertEquals(TensorDesc.NULL, ((JoinOperatorDesc) descs.get("join")).inputTensors().get(1));
        ElementWiseClip1OperatorDesc clip = (ElementWiseClip1OperatorDesc) descs.get("clip");
        assertEquals(0xFBFFL, clip.min().bits()); // binary16 -65504, by hand
        assertEquals(0L, clip.max().bits()); // 1e-8 is below half the smallest binary16 subnormal
        assertEquals(-1L, ((FillValueConstantOperatorDesc) descs.get("fill")).value().bits()); // UINT64 max
        assertEquals(0x80L, ((Padding1OperatorDesc) descs.get("pad")).paddingValue().bits()); // INT8 -128
        DispatchCommand dispatch = (DispatchCommand) model.commands().get(0);
        assertEquals(List.of("InputTensors[0]", "InputTensors[1]", "InputTensors[2]", "OutputTensor"),
                List.copyOf(dispatch.bindings().keySet()));
    }

    @Test
    void everyOperatorsPopulatedDescRoundTrips() {
        for (OperatorType type : OperatorDescs.operators()) {
            OperatorDesc desc = PopulatedDescs.of(type);
            ModelFile model = new ModelFile(Map.of(), Map.of("op", new OperatorDispatchable(desc, Set.of(),
                    Map.of())), List.of());
            String written = ModelFiles.write(model);
            assertEquals(model, ModelFiles.parse(written, null, "written"), written);
        }
    }
}
