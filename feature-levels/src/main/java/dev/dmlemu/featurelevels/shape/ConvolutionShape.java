package dev.dmlemu.featurelevels.shape;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.featurelevels.RuleId;
import dev.dmlemu.featurelevels.ShapeCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The shape rules every convolution shares (CONVOLUTION, CONVOLUTION_INTEGER, QUANTIZED_LINEAR_CONVOLUTION), as
 * DirectML.dll 1.15.4 checks them (docs/directml-behaviour.md §14.2): input {@code [N, C, spatial...]}, filter
 * {@code [M, C / G, window...]} ({@code [C, M / G, window...]} backward), output {@code [N, M, spatial...]}, bias
 * {@code [1, M, 1...]}, each OutputPadding below its output size. It does not check the output's spatial sizes against
 * the window formula, nor strides, dilations and DimensionCount (measured), so neither does this.
 *
 * @param dimensionCount the DimensionCount field
 * @param outputPadding the OutputPadding array (empty for the convolutions without one)
 * @param groupCount the GroupCount field
 * @param backward whether the direction is DML_CONVOLUTION_DIRECTION_BACKWARD
 */
record ConvolutionShape(long dimensionCount, List<Long> outputPadding, long groupCount, boolean backward) {

    /** Reports every rule the tensors {@code input}, {@code filter}, {@code bias} (when present), output break. */
    void check(ShapeCheck check, String inputField, String filterField, Optional<String> biasField,
            String outputField) {
        BufferTensorDesc input = check.required(inputField);
        BufferTensorDesc filter = check.required(filterField);
        BufferTensorDesc output = check.required(outputField);
        long batch = input.sizes().get(0);
        long inChannels = input.sizes().get(1);
        long outChannels = output.sizes().get(1);
        if (groupCount < 1 || inChannels % groupCount != 0 || outChannels % groupCount != 0) {
            check.report(RuleId.GROUP_COUNT_INVALID, "GroupCount", groupCount + " with " + inChannels
                    + " input and " + outChannels + " output channels");
            return;
        }
        List<Long> channels = backward ? List.of(inChannels, outChannels / groupCount)
                : List.of(outChannels, inChannels / groupCount);
        if (!channels.equals(filter.sizes().subList(0, 2))) {
            check.report(RuleId.FILTER_SIZES_MISMATCH, filterField + ".Sizes", filter.sizes() + " but its first two "
                    + "sizes must be " + (backward ? "[C, M / GroupCount] = " : "[M, C / GroupCount] = ") + channels);
        }
        biasField.flatMap(check::tensor).ifPresent(bias -> checkBias(check, biasField.get(), bias, outChannels));
        if (output.sizes().get(0) != batch) {
            check.report(RuleId.OUTPUT_SIZES_MISMATCH, outputField + ".Sizes", output.sizes() + " but its batch size "
                    + "must be " + inputField + "'s, " + batch);
        }
        checkOutputPadding(check, output.sizes());
    }

    /**
     * Each OutputPadding is below its output size. The arrays' last entry goes with the last dimension: a 3-D tensor
     * with DimensionCount 2 reads as {@code [N, C, 1, W]}.
     */
    private void checkOutputPadding(ShapeCheck check, List<Long> output) {
        int rank = output.size();
        for (int i = 0; i < outputPadding.size(); i++) {
            int dimension = rank - outputPadding.size() + i;
            long size = dimension >= 2 ? output.get(dimension) : 1;
            if (outputPadding.get(i) >= size) {
                check.report(RuleId.WINDOW_FIELD_OUT_OF_RANGE, "OutputPadding[" + i + "]", outputPadding.get(i)
                        + " but must be below the output's size " + size + " there");
            }
        }
    }

    private static void checkBias(ShapeCheck check, String field, BufferTensorDesc bias, long outChannels) {
        List<Long> expected = new ArrayList<>();
        for (int i = 0; i < bias.sizes().size(); i++) {
            expected.add(i == 1 ? outChannels : 1L);
        }
        if (!expected.equals(bias.sizes())) {
            check.report(RuleId.BIAS_SIZES_MISMATCH, field + ".Sizes", bias.sizes() + " but [1, M, 1...] = "
                    + expected);
        }
    }
}
