package dev.dmlemu.featurelevels.shape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.dmlemu.desc.ActivationHardmaxOperatorDesc;
import dev.dmlemu.desc.ActivationReluOperatorDesc;
import dev.dmlemu.desc.ActivationTanhOperatorDesc;
import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.GruOperatorDesc;
import dev.dmlemu.desc.LstmOperatorDesc;
import dev.dmlemu.desc.OperatorDesc;
import dev.dmlemu.desc.RecurrentNetworkDirection;
import dev.dmlemu.desc.RnnOperatorDesc;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.featurelevels.Diagnostic;
import dev.dmlemu.featurelevels.FeatureLevelValidator;
import dev.dmlemu.featurelevels.RuleId;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * RNN, GRU and LSTM sizes, activation counts and outputs, on descs whose verdicts were measured on DirectML.dll 1.15.4
 * (CreateOperator at DML_FEATURE_LEVEL_6_4; "refused" is E_INVALIDARG), docs/directml-behaviour.md §14.5. S 3, B 2,
 * I 4, H 5.
 */
class RecurrentNetworkShapeRulesTest {

    private static final FeatureLevelValidator VALIDATOR = new FeatureLevelValidator();
    private static final RecurrentNetworkDirection FORWARD = RecurrentNetworkDirection.FORWARD;
    private static final RecurrentNetworkDirection BIDIRECTIONAL = RecurrentNetworkDirection.BIDIRECTIONAL;

    private static BufferTensorDesc f32(long... sizes) {
        return BufferTensorDesc.packed(TensorDataType.FLOAT32, sizes);
    }

    private static List<OperatorDesc> tanh(int count) {
        List<OperatorDesc> activations = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            activations.add(new ActivationTanhOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
        }
        return activations;
    }

    private static List<RuleId> errors(OperatorDesc desc) {
        return VALIDATOR.validate(desc, FeatureLevel.LEVEL_6_4).errors().stream().map(Diagnostic::rule).toList();
    }

    private static RnnOperatorDesc rnn(TensorDesc weight, TensorDesc outputSequence, TensorDesc outputSingle,
            int activations) {
        return new RnnOperatorDesc(f32(1, 3, 2, 4), weight, f32(1, 1, 5, 5), f32(1, 1, 1, 10), f32(1, 1, 2, 5),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 1, 2), outputSequence, outputSingle,
                activations, tanh(activations), FORWARD);
    }

    @Test
    void rnnSizesFollowTheFormulas() {
        // DirectML.dll 1.15.4: S_OK.
        assertEquals(List.of(), errors(rnn(f32(1, 1, 5, 4), f32(3, 1, 2, 5), f32(1, 1, 2, 5), 1)));
        assertEquals(List.of(), errors(rnn(f32(1, 1, 5, 4), TensorDesc.NULL, f32(1, 1, 2, 5), 1)));
        // DirectML.dll 1.15.4: E_INVALIDARG (a weight of 6 rows for H 5; no output; two activations forward).
        assertEquals(List.of(RuleId.SIZES_MISMATCH),
                errors(rnn(f32(1, 1, 6, 4), f32(3, 1, 2, 5), f32(1, 1, 2, 5), 1)));
        assertEquals(List.of(RuleId.NO_OUTPUT), errors(rnn(f32(1, 1, 5, 4), TensorDesc.NULL, TensorDesc.NULL, 1)));
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED),
                errors(rnn(f32(1, 1, 5, 4), f32(3, 1, 2, 5), f32(1, 1, 2, 5), 2)));
    }

    @Test
    void activationsAreElementWiseOnesWithoutTensors() {
        // DirectML.dll 1.15.4: S_OK for ACTIVATION_RELU, E_INVALIDARG for ACTIVATION_HARDMAX.
        List<OperatorDesc> relu = List.of(new ActivationReluOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
        assertEquals(List.of(), errors(new RnnOperatorDesc(f32(1, 3, 2, 4), f32(1, 1, 5, 4), f32(1, 1, 5, 5),
                TensorDesc.NULL, TensorDesc.NULL, TensorDesc.NULL, f32(3, 1, 2, 5), TensorDesc.NULL, 1, relu,
                FORWARD)));
        List<OperatorDesc> hardmax = List.of(new ActivationHardmaxOperatorDesc(TensorDesc.NULL, TensorDesc.NULL));
        assertEquals(List.of(RuleId.RECURRENT_ACTIVATION_UNSUPPORTED), errors(new RnnOperatorDesc(f32(1, 3, 2, 4),
                f32(1, 1, 5, 4), f32(1, 1, 5, 5), TensorDesc.NULL, TensorDesc.NULL, TensorDesc.NULL, f32(3, 1, 2, 5),
                TensorDesc.NULL, 1, hardmax, FORWARD)));
    }

    @Test
    void gruAndLstmHaveThreeAndFourGates() {
        // DirectML.dll 1.15.4: S_OK, bidirectional: GRU with 4 activations, LSTM with 6.
        GruOperatorDesc gru = new GruOperatorDesc(f32(1, 3, 2, 4), f32(1, 2, 15, 4), f32(1, 2, 15, 5),
                f32(1, 1, 2, 30), f32(1, 2, 2, 5), BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 1, 2),
                f32(3, 2, 2, 5), f32(1, 2, 2, 5), 4, tanh(4), BIDIRECTIONAL, false);
        assertEquals(List.of(), errors(gru));
        LstmOperatorDesc lstm = new LstmOperatorDesc(f32(1, 3, 2, 4), f32(1, 2, 20, 4), f32(1, 2, 20, 5),
                f32(1, 1, 2, 40), f32(1, 2, 2, 5), f32(1, 2, 2, 5),
                BufferTensorDesc.packed(TensorDataType.UINT32, 1, 1, 1, 2), f32(1, 1, 2, 15), f32(3, 2, 2, 5),
                f32(1, 2, 2, 5), f32(1, 2, 2, 5), 6, tanh(6), BIDIRECTIONAL, 1f, false, false);
        assertEquals(List.of(), errors(lstm));
        // DirectML.dll 1.15.4: E_INVALIDARG (GRU with 3 activations bidirectional; LSTM with only the cell output).
        assertEquals(List.of(RuleId.FIELD_VALUE_UNSUPPORTED), errors(new GruOperatorDesc(f32(1, 3, 2, 4),
                f32(1, 2, 15, 4), f32(1, 2, 15, 5), TensorDesc.NULL, TensorDesc.NULL, TensorDesc.NULL,
                TensorDesc.NULL, f32(1, 2, 2, 5), 3, tanh(3), BIDIRECTIONAL, false)));
        assertEquals(List.of(RuleId.NO_OUTPUT), errors(new LstmOperatorDesc(f32(1, 3, 2, 4), f32(1, 1, 20, 4),
                f32(1, 1, 20, 5), TensorDesc.NULL, TensorDesc.NULL, TensorDesc.NULL, TensorDesc.NULL,
                TensorDesc.NULL, TensorDesc.NULL, TensorDesc.NULL, f32(1, 1, 2, 5), 3, tanh(3), FORWARD, 1f, true,
                true)));
    }
}
