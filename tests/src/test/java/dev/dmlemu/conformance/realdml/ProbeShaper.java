package dev.dmlemu.conformance.realdml;

import dev.dmlemu.desc.OperatorType;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * What an operator's shape rules add to the probes {@link OperatorProbes} draws from its tables: turning a drawn
 * in-table desc into one that also meets the operator's own rules (GEMM's inner dimensions agree, window arrays are
 * as long as the spatial dimensions), and breaking exactly one of those rules. Registered in {@link ProbeShapers}.
 *
 * <p>The values are the desc's fields by C name, as {@link OperatorProbes} builds them: tensors as
 * {@code BufferTensorDesc} (or {@code TensorDesc.NULL}), arrays as lists, count fields set to their array's length.
 */
interface ProbeShaper {

    /** The operator whose probes this shapes. */
    OperatorType operatorType();

    /**
     * Makes the drawn values meet the operator's shape rules, keeping every tensor's data type and, where the rules
     * allow, its dimension count; count fields must follow any array it resizes.
     */
    void makeValid(Map<String, Object> values, Random random);

    /** Breaks one shape rule of valid values and says which, or says none can be broken. */
    Optional<String> breakOne(Map<String, Object> values, Random random);
}
