package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.AdamOptimizerOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.ElementWiseClipGrad1OperatorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.RandomGeneratorOperatorDesc;
import dev.dmlemu.desc.RandomGeneratorType;
import dev.dmlemu.desc.ScalarUnion;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules of ELEMENT_WISE_CLIP_GRAD1, RANDOM_GENERATOR and ADAM_OPTIMIZER, on descs whose verdicts were measured on
 * DirectML.dll 1.15.4 (CreateOperator at DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG),
 * docs/directml-behaviour.md §14.5.
 */
class TrainingShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final long[] PARAMETERS = {2, 3, 4, 5};

    private static BufferTensorDesc of(TensorDataType type, long... sizes) {
        return BufferTensorDesc.packed(type, sizes);
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static void accepted(OperatorDesc desc) {
        assertEquals(List.of(), VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).diagnostics(), desc.toString());
    }

    private static ElementWiseClipGrad1OperatorDesc clipGrad(TensorDataType tensors, TensorDataType minMax) {
        BufferTensorDesc x = of(tensors, 2, 3);
        return new ElementWiseClipGrad1OperatorDesc(x, x, x, minMax, ScalarUnion.ofInteger(minMax, 0),
                ScalarUnion.ofInteger(minMax, 1));
    }

    private static RandomGeneratorOperatorDesc random(long[] state, TensorDesc outputState, long... output) {
        return new RandomGeneratorOperatorDesc(of(TensorDataType.UINT32, state), of(TensorDataType.UINT32, output),
                outputState, RandomGeneratorType.PHILOX_4X32_10);
    }

    private static AdamOptimizerOperatorDesc adam(BufferTensorDesc step, float hyper) {
        BufferTensorDesc p = of(TensorDataType.FLOAT32, PARAMETERS);
        return new AdamOptimizerOperatorDesc(p, p, p, p, step, p, p, p, hyper, hyper, hyper, hyper);
    }

    @Test
    void clipGradMinMaxDataTypeIsTheTensorsDataType() {
        // DirectML.dll 1.15.4: S_OK.
        accepted(clipGrad(TensorDataType.UINT64, TensorDataType.UINT64));
        accepted(clipGrad(TensorDataType.FLOAT32, TensorDataType.FLOAT32));
        // DirectML.dll 1.15.4: E_INVALIDARG (the campaign's neutral FLOAT32 Min and Max for UINT64 tensors).
        assertEquals(List.of(RuleId.FIELD_DATA_TYPE_MISMATCH),
                errors(clipGrad(TensorDataType.UINT64, TensorDataType.FLOAT32)));
        assertEquals(List.of(RuleId.FIELD_DATA_TYPE_MISMATCH),
                errors(clipGrad(TensorDataType.INT32, TensorDataType.INT64)));
    }

    @Test
    void randomGeneratorStateIsSixElementsAfterLeadingOnes() {
        // DirectML.dll 1.15.4: S_OK, with OutputTensor of any Sizes.
        accepted(random(new long[] {6}, TensorDesc.NULL, 2, 3, 5, 7));
        accepted(random(new long[] {1, 1, 1, 1, 1, 1, 1, 6}, of(TensorDataType.UINT32, 1, 1, 1, 1, 1, 1, 1, 6), 1000,
                1000));
        // DirectML.dll 1.15.4: E_INVALIDARG.
        assertEquals(List.of(RuleId.SIZES_FIXED), errors(random(new long[] {2, 3}, TensorDesc.NULL, 4)));
        assertEquals(List.of(RuleId.SIZES_FIXED), errors(random(new long[] {2}, TensorDesc.NULL, 4)));
    }

    @Test
    void adamTrainingStepIsAUint32Scalar() {
        // DirectML.dll 1.15.4: S_OK for a UINT32 scalar of 1 to 8 dimensions and any hyperparameters.
        accepted(adam(of(TensorDataType.UINT32, 1), 0.5f));
        accepted(adam(of(TensorDataType.UINT32, 1, 1, 1, 1, 1, 1, 1, 1), Float.NaN));
        accepted(adam(of(TensorDataType.UINT32, 1, 1, 1, 1), -1f));
        // DirectML.dll 1.15.4: E_INVALIDARG (FLOAT32, as the docs' table has it; a size of 2).
        assertEquals(List.of(RuleId.DATA_TYPE_UNSUPPORTED), errors(adam(of(TensorDataType.FLOAT32, 1, 1, 1, 1), 1f)));
        assertEquals(List.of(RuleId.SIZES_FIXED), errors(adam(of(TensorDataType.UINT32, 2, 1, 1, 1), 1f)));
    }
}
