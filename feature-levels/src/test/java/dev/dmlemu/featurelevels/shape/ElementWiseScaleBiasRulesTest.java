package dev.dmlemu.featurelevels.shape;

import static dev.dmlemu.desc.FeatureLevel.LEVEL_6_4;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseAbsOperatorDesc;
import dev.dmlemu.desc.ElementWiseCeilOperatorDesc;
import dev.dmlemu.desc.ElementWiseClip1OperatorDesc;
import dev.dmlemu.desc.ElementWiseClipOperatorDesc;
import dev.dmlemu.desc.ElementWiseIdentityOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.ScaleBias;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The element-wise operators of docs/directml-behaviour.md §14.6. Every verdict is the one DirectML.dll 1.15.4's
 * CreateOperator gave the same desc on [2, 3] tensors (noted per desc); the diagnostics are worked out by hand.
 */
class ElementWiseScaleBiasRulesTest {

    private final FeatureLevelValidator validator = new FeatureLevelValidator();

    private static BufferTensorDesc tensor(TensorDataType type) {
        return BufferTensorDesc.packed(type, 2, 3);
    }

    private List<String> diagnostics(OperatorDesc desc) {
        return validator.validate(desc, LEVEL_6_4).diagnostics().stream().map(d -> d.rule() + " " + d.path())
                .toList();
    }

    private static Optional<ScaleBias> scaleBias(float scale, float bias) {
        return Optional.of(new ScaleBias(scale, bias));
    }

    @Test
    void sixtyFourBitTensorsTakeOnlyTheIdentityScaleBias() {
        TensorDataType f64 = TensorDataType.FLOAT64;
        assertEquals(List.of(), diagnostics(new ElementWiseIdentityOperatorDesc(tensor(f64), tensor(f64),
                Optional.empty()))); // S_OK
        assertEquals(List.of(), diagnostics(new ElementWiseIdentityOperatorDesc(tensor(f64), tensor(f64),
                scaleBias(1f, 0f)))); // S_OK
        assertEquals(List.of("FIELD_VALUE_UNSUPPORTED ScaleBias"), diagnostics(new ElementWiseIdentityOperatorDesc(
                tensor(f64), tensor(f64), scaleBias(2f, 1f)))); // E_INVALIDARG
        TensorDataType i64 = TensorDataType.INT64;
        assertEquals(List.of("FIELD_VALUE_UNSUPPORTED ScaleBias"), diagnostics(new ElementWiseAbsOperatorDesc(
                tensor(i64), tensor(i64), scaleBias(Float.NaN, 0f)))); // E_INVALIDARG
        TensorDataType u64 = TensorDataType.UINT64;
        assertEquals(List.of("FIELD_VALUE_UNSUPPORTED ScaleBias"), diagnostics(new ElementWiseClipOperatorDesc(
                tensor(u64), tensor(u64), scaleBias(2f, 1f), 1f, 1f))); // E_INVALIDARG
        assertEquals(List.of("FIELD_VALUE_UNSUPPORTED ScaleBias"), diagnostics(new ElementWiseClip1OperatorDesc(
                tensor(i64), tensor(i64), scaleBias(2f, 1f), i64, ScalarUnion.of(i64, 3),
                ScalarUnion.of(i64, 1)))); // E_INVALIDARG
        assertEquals(List.of(), diagnostics(new ElementWiseClip1OperatorDesc(tensor(i64), tensor(i64),
                scaleBias(1f, 0f), i64, ScalarUnion.of(i64, 3), ScalarUnion.of(i64, 1)))); // S_OK
    }

    @Test
    void clip1TakesAMinMaxDataTypeOtherThanTheTensors() {
        TensorDataType f32 = TensorDataType.FLOAT32;
        TensorDataType i8 = TensorDataType.INT8;
        // S_OK, Min 3 above Max 1 included.
        assertEquals(List.of(), diagnostics(new ElementWiseClip1OperatorDesc(tensor(f32), tensor(f32),
                Optional.empty(), i8, ScalarUnion.of(i8, 3), ScalarUnion.of(i8, 1))));
    }

    @Test
    void otherDataTypesTakeAnyScaleBiasAndTheVerdictCarriesNoWarning() {
        TensorDataType i32 = TensorDataType.INT32;
        assertEquals(List.of(), diagnostics(new ElementWiseClipOperatorDesc(tensor(i32), tensor(i32),
                scaleBias(Float.NaN, 0f), 1f, 1f))); // S_OK
        TensorDataType f32 = TensorDataType.FLOAT32;
        // A table-only operator with edge values: judged complete, no SHAPE_RULES_NOT_CHECKED.
        assertEquals(List.of(), diagnostics(new ElementWiseCeilOperatorDesc(tensor(f32), tensor(f32),
                scaleBias(Float.NaN, 0f)))); // S_OK
    }
}
