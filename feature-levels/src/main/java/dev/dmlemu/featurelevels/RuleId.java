package dev.dmlemu.featurelevels;

/**
 * The rule a {@link Diagnostic} reports. The constant names are stable identifiers: tools may match on them, so a
 * rule is never renamed, only added.
 */
public enum RuleId {
    /**
     * dmlemu has no validation rules for this operator yet (its desc is mirrored, read and marshalled, but the
     * support tables and rules of its DirectML docs are not written down): no verdict either way.
     */
    NO_RULES_YET(Severity.ERROR, "dmlemu has no validation rules for this operator yet"),
    /** The operator type does not exist at the requested feature level (GatherElements needs 2_1). */
    OPERATOR_UNAVAILABLE(Severity.ERROR, "the operator is not available at this feature level"),
    /** {@code DML_TENSOR_DESC.Type} is not {@code DML_TENSOR_TYPE_BUFFER}. */
    TENSOR_TYPE_UNSUPPORTED(Severity.ERROR, "the tensor's Type must be DML_TENSOR_TYPE_BUFFER"),
    /** The feature level's support table does not list this DimensionCount for the tensor. */
    DIMENSION_COUNT_UNSUPPORTED(Severity.ERROR, "DimensionCount not supported for this tensor at this level"),
    /** The operator requires equal DimensionCounts across its tensors. */
    DIMENSION_COUNT_MISMATCH(Severity.ERROR, "the tensors must have the same DimensionCount"),
    /** {@code len(Sizes) != DimensionCount}. */
    SIZES_LENGTH_MISMATCH(Severity.ERROR, "Sizes must have DimensionCount entries"),
    /** Strides are given and {@code len(Strides) != DimensionCount}. */
    STRIDES_LENGTH_MISMATCH(Severity.ERROR, "Strides, when given, must have DimensionCount entries"),
    /** The feature level's support table does not list this DataType for the tensor. */
    DATA_TYPE_UNSUPPORTED(Severity.ERROR, "DataType not supported for this tensor at this level"),
    /** The operator requires equal DataTypes (OutputTensor = InputTensor). */
    DATA_TYPE_MISMATCH(Severity.ERROR, "the DataType must match another tensor's"),
    /** A size differs from the size the operator requires (another tensor's). */
    SIZES_MISMATCH(Severity.ERROR, "a size must match another tensor's size"),
    /** A size is 0. */
    ZERO_SIZE(Severity.ERROR, "every size must be at least 1"),
    /** {@code product(Sizes) > 2^32 - 1}. */
    ELEMENT_COUNT_TOO_LARGE(Severity.ERROR, "a tensor has at most 2^32 - 1 elements"),
    /** {@code TotalTensorSizeInBytes < DMLCalcBufferTensorSize(DataType, Sizes, Strides)}. */
    TOTAL_SIZE_TOO_SMALL(Severity.ERROR, "TotalTensorSizeInBytes must be at least DMLCalcBufferTensorSize"),
    /**
     * {@code ceil(TotalTensorSizeInBytes / element size) > 2^32 - 1}: the buffer holds more elements than DirectML
     * addresses (measured on DirectML.dll 1.15.4: FLOAT32 accepts 17179869180 bytes and rejects 17179869181).
     */
    TOTAL_SIZE_TOO_LARGE(Severity.ERROR, "TotalTensorSizeInBytes must hold at most 2^32 - 1 elements"),
    /**
     * {@code TotalTensorSizeInBytes} is large enough but not a multiple of 4. The real DirectML.dll accepts it, but
     * every bound buffer must have a DWORD-aligned size.
     */
    TOTAL_SIZE_UNALIGNED(Severity.WARNING, "TotalTensorSizeInBytes should be a multiple of 4"),
    /**
     * The OutputTensor's strides make elements alias. As DirectML.dll 1.15.4 checks it (measured), over the dimensions
     * of size &gt; 1: a stride of 0, two equal strides, or {@code IndexOfLastElement + 1 < product(Sizes)}. It is
     * not an exact overlap test: Sizes {2,3} with Strides {4,2} overlap and are accepted.
     */
    OUTPUT_ALIASING(Severity.ERROR, "the OutputTensor's strides must not make elements alias"),
    /**
     * The OutputTensor's strides pass DirectML's aliasing check yet map two output coordinates to one element (e.g.
     * Sizes {2,3}, Strides {4,2}): DirectML accepts it, and the value written there is undefined.
     */
    OUTPUT_OVERLAP(Severity.WARNING, "the OutputTensor's strides should give every element its own memory"),
    /** {@code GuaranteedBaseOffsetAlignment} is neither 0 nor a power of two at least the element size. */
    ALIGNMENT_INVALID(Severity.ERROR, "GuaranteedBaseOffsetAlignment must be 0 or a power of two >= element size"),
    /** {@code DML_TENSOR_FLAG_OWNED_BY_DML} on an output tensor. */
    FLAGS_INVALID(Severity.ERROR, "DML_TENSOR_FLAG_OWNED_BY_DML is allowed on inputs only"),
    /** An array's count field (InputCount) must equal the number of descs the array holds. */
    ARRAY_COUNT_MISMATCH(Severity.ERROR, "an array's count field must equal the array's length"),
    /**
     * An operator judged from the documentation's tables alone ({@code DocumentedRules}): its operator-specific shape
     * rules are not written yet, and DirectML.dll 1.15.4 refuses some descs these tables accept
     * (docs/directml-behaviour.md §14), so "valid" is the tables' answer, not yet CreateOperator's.
     */
    SHAPE_RULES_NOT_CHECKED(Severity.WARNING, "judged from the documented support tables and tensor constraints "
            + "only; this operator's own shape rules are not checked yet, and CreateOperator may still refuse it"),
    /** The fused activation must be one the operator's docs list, at a level that has it, with NULL tensors. */
    FUSED_ACTIVATION_UNSUPPORTED(Severity.ERROR, "the fused activation is not one this operator accepts here"),

    // Shape rules (dev.dmlemu.featurelevels.shape) of pooling, convolution and matrix multiplication:

    /**
     * GEMM and the matrix multiplications: the inner size of A (its last size, or the one before when transposed)
     * differs from B's (its size before the last, or the last when transposed). Measured on DirectML.dll 1.15.4
     * (docs/directml-behaviour.md §14.2).
     */
    MATRIX_INNER_SIZES_MISMATCH(Severity.ERROR, "A's inner size (K) must equal B's"),
    /**
     * GEMM and the matrix multiplications: a batch size (a dimension before the last two) of A or B differs from the
     * output's. Measured on DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.2).
     */
    BATCH_SIZES_MISMATCH(Severity.ERROR, "the batch sizes of the inputs must match the output's"),
    /**
     * An output's Sizes differ from the ones the operator derives from its inputs and fields; the message gives the
     * expected sizes. GEMM's {@code [batch, M, N]}, a convolution's or pooling's batch and channels (§14.2); the
     * slices, paddings, TILE, the depth/space rearrangements, TOP_K, ARGMIN and ARGMAX (§14.3); REDUCE:
     * the input's sizes with 1 on every axis {@code Axes} names; UPSAMPLE_2D: the input's with the last two multiplied
     * by {@code ScaleSize}; NONZERO_COORDINATES: a one-element count, coordinates {@code [1, ..., 1, N, r]} (§14.4).
     * Measured on DirectML.dll 1.15.4 (docs/directml-behaviour.md).
     */
    OUTPUT_SIZES_MISMATCH(Severity.ERROR, "an output's Sizes must be the sizes the operator derives"),
    /**
     * A convolution or pooling: {@code DimensionCount} (the window arrays' length) is not the input's DimensionCount
     * minus its batch and channel dimensions. Measured on DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.2).
     */
    SPATIAL_DIMENSION_COUNT_MISMATCH(Severity.ERROR,
            "DimensionCount must be InputTensor.DimensionCount - 2 (the spatial dimensions)"),
    /**
     * A convolution's window field out of the range DirectML checks: an OutputPadding not below the output size it
     * pads (the message gives the bound). Measured on DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.2).
     */
    WINDOW_FIELD_OUT_OF_RANGE(Severity.ERROR, "a window field (OutputPadding) is out of range"),
    /**
     * A convolution: {@code GroupCount} is 0 or does not divide the input and output channels. Measured on
     * DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.2).
     */
    GROUP_COUNT_INVALID(Severity.ERROR, "GroupCount must be at least 1 and divide the input and output channels"),
    /**
     * A convolution: FilterTensor.Sizes are not {@code [output channels, input channels / GroupCount, window...]}
     * ({@code [input channels, output channels / GroupCount, window...]} backward). Measured on DirectML.dll 1.15.4
     * (docs/directml-behaviour.md §14.2).
     */
    FILTER_SIZES_MISMATCH(Severity.ERROR, "FilterTensor.Sizes must match the channels and GroupCount"),
    /**
     * A convolution: BiasTensor.Sizes are not {@code [1, output channels, 1, ...]}. Measured on DirectML.dll 1.15.4
     * (docs/directml-behaviour.md §14.2).
     */
    BIAS_SIZES_MISMATCH(Severity.ERROR, "BiasTensor.Sizes must be [1, output channels, 1, ...]"),
    /**
     * MAX_POOLING_GRAD: a stride, window size or dilation of 0. Measured on DirectML.dll 1.15.4
     * (docs/directml-behaviour.md §14.2).
     */
    WINDOW_FIELD_ZERO(Severity.ERROR, "every stride, window size and dilation must be at least 1"),
    /**
     * MAX_POOLING_GRAD: InputGradientTensor's spatial sizes are not the forward pooling's output sizes over
     * OutputGradientTensor, {@code (padded - extent) / stride + 1} (1 when the window's extent is above the padded
     * size). Measured on DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.2).
     */
    POOLING_GRADIENT_SIZES_MISMATCH(Severity.ERROR,
            "InputGradientTensor's spatial sizes must be the forward pooling's output sizes"),
    /**
     * A zero point's Sizes are not one value or one per the operator's unit: MATRIX_MULTIPLY_INTEGER's, read as 4-D
     * with leading 1s, {@code [1, 1, 1 or M, 1]} (A's, one per row) or {@code [1, 1, 1, 1 or N]} (B's, one per
     * column); CONVOLUTION_INTEGER's input zero point all 1s, its filter zero point 1s but {@code Sizes[1]}, which may
     * be the output channel count. The quantized operators' scales likewise (QUANTIZED_LINEAR_CONVOLUTION's, the
     * quantized matrix multiplications' per row or column), and their zero points with exactly their scale's Sizes;
     * ELEMENT_WISE_QUANTIZED_LINEAR_ADD's and DYNAMIC_QUANTIZE_LINEAR's scales and zero points one value each.
     * Measured on DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.2, §14.5).
     */
    QUANTIZATION_SIZES_MISMATCH(Severity.ERROR, "a scale or zero point must hold one value, or one per row, column "
            + "or output channel as the operator allows; a zero point has its scale's Sizes"),
    /** {@code Axis} is not in {@code [0, InputTensor.DimensionCount)}. */
    AXIS_OUT_OF_RANGE(Severity.ERROR, "Axis must be in [0, DimensionCount)"),

    // Shape rules of data movement and selection:

    /** A {@code UINT} field (Sizes, Strides, DimensionCount, Axis, alignment) is outside {@code [0, 2^32)}. */
    UINT32_RANGE(Severity.ERROR, "a UINT field must be in [0, 2^32 - 1]"),
    /**
     * The count of the per-dimension arrays (SLICE's and PADDING's DimensionCount, TILE's RepeatsCount) is not the
     * tensors' DimensionCount. Measured on
     * DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.3).
     */
    PER_DIMENSION_COUNT_MISMATCH(Severity.ERROR,
            "the per-dimension arrays must have one entry per dimension of the tensors"),
    /**
     * A slice stride DirectML.dll 1.15.4 refuses (measured, docs/directml-behaviour.md §14.3): SLICE's Strides below
     * 1, SLICE1's and SLICE_GRAD's InputWindowStrides 0.
     */
    SLICE_STRIDE_INVALID(Severity.ERROR, "a slice stride must be at least 1 (SLICE) or not 0 (SLICE1, SLICE_GRAD)"),
    /**
     * A slice window reaches past the sliced tensor: SLICE's last element {@code Offsets + (Sizes - 1) * Strides},
     * SLICE1's and SLICE_GRAD's {@code InputWindowOffsets + InputWindowSizes}, and SLICE_GRAD's last gradient element
     * {@code InputWindowOffsets + (InputGradientTensor.Sizes - 1) * |InputWindowStrides|} (measured on DirectML.dll
     * 1.15.4, docs/directml-behaviour.md §14.3).
     */
    SLICE_WINDOW_OUTSIDE_INPUT(Severity.ERROR, "a slice window must lie inside the sliced tensor"),
    /**
     * JOIN, SPLIT: along Axis, the whole tensor's size (JOIN's output, SPLIT's input) is not the sum of the parts'
     * (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3).
     */
    AXIS_SIZE_NOT_SUM(Severity.ERROR, "along Axis, the joined tensor's size must be the sum of the parts' sizes"),
    /**
     * A scalar field's data type (PADDING1's PaddingValueDataType, FILL_VALUE_CONSTANT's, FILL_VALUE_SEQUENCE's and
     * DIAGONAL_MATRIX1's ValueDataType) is not the data type of the tensor it fills (measured on DirectML.dll 1.15.4,
     * docs/directml-behaviour.md §14.3).
     */
    VALUE_DATA_TYPE_MISMATCH(Severity.ERROR, "the value's data type must be the tensor's DataType"),
    /**
     * SPACE_TO_DEPTH(1), DEPTH_TO_SPACE(1): BlockSize is 0, or does not divide what it splits: the input's height and
     * width (SPACE_TO_DEPTH), its channels by {@code BlockSize * BlockSize} (DEPTH_TO_SPACE). Measured on
     * DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.3).
     */
    BLOCK_SIZE_NOT_DIVISOR(Severity.ERROR, "BlockSize must be at least 1 and divide the dimensions it splits"),
    /**
     * TOP_K, TOP_K1: {@code K} is not in {@code [1, InputTensor.Sizes[Axis]]} (measured on DirectML.dll 1.15.4,
     * docs/directml-behaviour.md §14.3).
     */
    K_OUT_OF_RANGE(Severity.ERROR, "K must be in [1, InputTensor.Sizes[Axis]]"),
    /**
     * ONE_HOT: ValuesTensor holds fewer than 2 elements (the off and on values); more are accepted (measured on
     * DirectML.dll 1.15.4, docs/directml-behaviour.md §14.3).
     */
    ONE_HOT_VALUES_TOO_FEW(Severity.ERROR, "ONE_HOT's ValuesTensor must hold at least 2 elements"),

    // Shape rules of resampling and reduction:

    /**
     * A count field of per-dimension arrays (the resamplings' {@code ScaleCount} or {@code DimensionCount}) is not
     * the DimensionCount of the tensors it describes (DirectML.dll 1.15.4, docs/directml-behaviour.md §14.4).
     */
    DIMENSION_ARRAY_LENGTH(Severity.ERROR, "the per-dimension arrays must have one value per dimension"),
    /**
     * A resampling's {@code Scales[i]} is below FLT_EPSILON (2^-23) or NaN; infinity is accepted (DirectML.dll
     * 1.15.4, docs/directml-behaviour.md §14.4).
     */
    SCALE_OUT_OF_RANGE(Severity.ERROR, "a scale must be at least FLT_EPSILON (2^-23)"),
    /**
     * VALUE_SCALE_2D: {@code ChannelCount} is not {@code InputTensor.Sizes[1]}, or that is neither 1 nor 3
     * (DirectML.dll 1.15.4, docs/directml-behaviour.md §14.4).
     */
    CHANNEL_COUNT_MISMATCH(Severity.ERROR, "ChannelCount must be InputTensor.Sizes[1], which must be 1 or 3"),

    /** {@code DMLCalcBufferTensorSize} does not fit in 64 bits. */
    SIZE_OVERFLOW(Severity.ERROR, "the tensor's byte size overflows 64 bits"),
    /**
     * GATHER: {@code IndexDimensions} is above {@code IndicesTensor.DimensionCount}. The docs give the range
     * {@code [0, DimensionCount)}; DirectML.dll 1.15.4 also accepts {@code DimensionCount} itself (measured).
     */
    INDEX_DIMENSIONS_OUT_OF_RANGE(Severity.ERROR, "IndexDimensions must be at most IndicesTensor.DimensionCount"),
    /**
     * GATHER with IndexDimensions &gt;= 1: an IndicesTensor dimension before the last IndexDimensions is not 1. The
     * docs require 1s; DirectML.dll 1.15.4 accepts some such shapes with results dmlemu does not model, refuses others
     * and ends the process on others, so dmlemu refuses them all (a known disagreement).
     */
    INDICES_LEADING_SIZE_NOT_1(Severity.ERROR,
            "IndicesTensor dimensions before the last IndexDimensions must have size 1 (DirectML accepts some others)"),
    /**
     * GATHER with IndexDimensions 0: IndicesTensor sizes other than 1 that DirectML.dll 1.15.4 refuses (measured). It
     * accepts them only when, after their leading 1s, they are the first sizes of InputTensor's after its leading 1s,
     * at most Axis of them; a shape it ends the process on is {@link #CREATE_OPERATOR_FAIL_FAST} instead.
     */
    SCALAR_INDEX_SIZES_NOT_1(Severity.ERROR, "with IndexDimensions 0, IndicesTensor sizes other than 1 must be the "
            + "input's first sizes after the leading 1s of both, at most Axis of them"),
    /**
     * GATHER with IndexDimensions 0 and one index per output element: valid, but DirectML.dll 1.15.4 reads some
     * indices dimension along an output dimension of another size (measured): some output elements take an index from
     * another indices row, or 0 past the indices' TotalTensorSizeInBytes.
     */
    SCALAR_INDICES_MISREAD(Severity.WARNING, "with IndexDimensions 0 DirectML reads an indices dimension along an "
            + "output dimension of another size"),
    /**
     * GATHER with IndexDimensions 0: {@code OutputTensor.Sizes[0]} is not the 1 of the formula. DirectML.dll 1.15.4
     * does not check it (measured); the rows past the first repeat it or read past the input.
     */
    OUTPUT_LEADING_SIZE_UNCHECKED(Severity.WARNING,
            "with IndexDimensions 0 OutputTensor.Sizes[0] should be 1; DirectML does not check it"),
    /**
     * GATHER: the output formula has more than DimensionCount entries and one that is cropped is not 1. The docs crop
     * only leading 1s; DirectML.dll 1.15.4 crops any size (measured) and reads only the first slice of it.
     */
    OUTPUT_CROPS_SIZE_ABOVE_1(Severity.WARNING,
            "the output formula crops a size above 1; DirectML reads only its first slice"),
    /**
     * GATHER with {@code IndexDimensions - 1 > Axis}: valid, but DirectML.dll 1.15.4's CreateOperator frees an invalid
     * heap block (measured); a later CompileOperator in the process can crash, and outputs can vary between runs.
     */
    HEAP_CORRUPTION_BUG(Severity.WARNING,
            MeasuredDirectMl.NAME + " corrupts its heap when IndexDimensions - 1 > Axis"),
    /** GATHER_ND, GATHER_ND1, SCATTER_ND: {@code InputDimensionCount} is not in {@code [1, InputTensor.DimensionCount]}. */
    INPUT_DIMENSION_COUNT_OUT_OF_RANGE(Severity.ERROR,
            "InputDimensionCount must be in [1, InputTensor.DimensionCount]"),
    /**
     * GATHER_ND, GATHER_ND1, SCATTER_ND: {@code IndicesDimensionCount} is not in
     * {@code [1, IndicesTensor.DimensionCount]}.
     */
    INDICES_DIMENSION_COUNT_OUT_OF_RANGE(Severity.ERROR,
            "IndicesDimensionCount must be in [1, IndicesTensor.DimensionCount]"),
    /**
     * GATHER_ND1: {@code BatchDimensionCount} is not below both InputDimensionCount and IndicesDimensionCount
     * (measured on DirectML.dll 1.15.4; the docs bound it by the DimensionCounts only).
     */
    BATCH_DIMENSION_COUNT_OUT_OF_RANGE(Severity.ERROR,
            "BatchDimensionCount must be below InputDimensionCount and IndicesDimensionCount"),
    /**
     * GATHER_ND, GATHER_ND1, SCATTER_ND: a size before the last InputDimensionCount (input) or IndicesDimensionCount
     * (indices) dimensions is not 1.
     */
    UNCOUNTED_SIZE_NOT_1(Severity.ERROR, "sizes before the counted trailing dimensions must be 1"),
    /**
     * GATHER_ND, GATHER_ND1, SCATTER_ND: the last IndicesTensor size (the index tuple's length) is above
     * {@code InputDimensionCount - BatchDimensionCount}. (SCATTER_ND descs of this kind that DirectML.dll 1.15.4 does
     * not refuse but ends the process on are {@link #CREATE_OPERATOR_FAIL_FAST} instead.)
     */
    INDEX_TUPLE_TOO_LONG(Severity.ERROR,
            "the index tuple may have at most InputDimensionCount - BatchDimensionCount coordinates"),
    /**
     * GATHER_ND, GATHER_ND1: the output formula has more entries than DimensionCount; SCATTER_ND: the updates formula
     * has more entries than UpdatesTensor.DimensionCount. DirectML.dll 1.15.4 refuses it (measured) instead of
     * cropping it as GATHER's.
     */
    OUTPUT_FORMULA_TOO_LONG(Severity.ERROR,
            "the output (or SCATTER_ND updates) formula must fit in DimensionCount; it is not cropped"),
    /**
     * GATHER_ND1: a batch size of the indices differs from the input's. The docs' pseudocode uses one batch
     * coordinate for both; DirectML.dll 1.15.4 accepts it (measured) and takes the batch from the output.
     */
    BATCH_SIZES_DIFFER(Severity.WARNING,
            "the input's and the indices' batch sizes should be equal; DirectML accepts them unequal"),
    /**
     * SCATTER_ELEMENTS: {@code IndicesTensor.Sizes[Axis]} is above {@code InputTensor.Sizes[Axis]}. The docs require
     * equal sizes only off the axis; DirectML.dll 1.15.4 refuses larger indices along it too (measured).
     */
    INDICES_AXIS_SIZE_ABOVE_INPUT(Severity.ERROR,
            "along Axis, IndicesTensor.Sizes must be at most InputTensor.Sizes"),
    /**
     * SCATTER_ND: the IndicesTensor or UpdatesTensor DimensionCount differs from the InputTensor's. The docs require
     * one DimensionCount for all four tensors; DirectML.dll 1.15.4 accepts others (measured) and aligns the sizes to
     * the right.
     */
    SCATTER_ND_DIMENSION_COUNTS_DIFFER(Severity.WARNING,
            "IndicesTensor and UpdatesTensor should have InputTensor's DimensionCount; DirectML accepts others"),
    /**
     * SCATTER_ND: an IndicesTensor dimension of size above 1 has stride 0 (broadcast indices). DirectML.dll 1.15.4
     * refuses it (measured; the docs say nothing), while it accepts overlapping strides that are not 0, and stride 0
     * for the other gathers' and scatters' indices.
     */
    INDICES_BROADCAST(Severity.ERROR, "SCATTER_ND's IndicesTensor must not have stride 0 on a dimension of size > 1"),

    // Shape rules of activations, normalization, recurrent networks, attention, training and quantization:

    /**
     * ACTIVATION_SOFTMAX, ACTIVATION_LOG_SOFTMAX, ACTIVATION_HARDMAX: InputTensor's effective rank (its DimensionCount
     * without the leading sizes of 1, the last size always counted) is above 2. The docs state it; DirectML.dll
     * 1.15.4 refuses exactly those (measured, docs/directml-behaviour.md §14.5).
     */
    EFFECTIVE_RANK_TOO_LARGE(Severity.ERROR, "InputTensor without its leading sizes of 1 must have at most 2 "
            + "dimensions"),
    /**
     * An entry of an {@code Axes} array is not in {@code [0, InputTensor.DimensionCount)} (ACTIVATION_SOFTMAX1,
     * ACTIVATION_LOG_SOFTMAX1, ACTIVATION_HARDMAX1: docs and DirectML.dll 1.15.4, measured; repeated axes and
     * AxisCount 0 are accepted, docs/directml-behaviour.md §14.5).
     */
    AXES_OUT_OF_RANGE(Severity.ERROR, "every Axes entry must be in [0, InputTensor.DimensionCount)"),
    /**
     * A tensor that broadcasts to another (MEAN_VARIANCE_NORMALIZATION1 and 2's ScaleTensor and BiasTensor, the
     * batch normalizations' statistics, to InputTensor) has a size that is neither 1 nor the other tensor's size in that dimension (docs; measured on
     * DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
     */
    NOT_BROADCASTABLE(Severity.ERROR, "each size must be 1 or the size of the tensor it broadcasts to"),
    /**
     * A scalar field has a value the operator does not support: LP_NORMALIZATION's P other than 1 and 2,
     * LOCAL_RESPONSE_NORMALIZATION(_GRAD)'s LocalSize 0 (docs; measured on DirectML.dll 1.15.4,
     * docs/directml-behaviour.md §14.5).
     */
    FIELD_VALUE_UNSUPPORTED(Severity.ERROR, "the field's value is not one the operator supports"),
    /**
     * The operator fixes a tensor's Sizes: RANDOM_GENERATOR's InputStateTensor is {@code [1, ..., 1, 6]}, ADAM_OPTIMIZER's
     * TrainingStepTensor all 1s (docs; measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
     */
    SIZES_FIXED(Severity.ERROR, "the operator fixes this tensor's Sizes"),
    /**
     * A data-type field disagrees with the tensors it describes: ELEMENT_WISE_CLIP_GRAD1's MinMaxDataType must be
     * InputTensor's DataType (measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
     */
    FIELD_DATA_TYPE_MISMATCH(Severity.ERROR, "the data-type field must be the tensors' DataType"),
    /**
     * QUANTIZE, DEQUANTIZE: a size of a QuantizationTensors member does not divide InputTensor's size in that
     * dimension (each scale covers a block of whole elements; measured on DirectML.dll 1.15.4,
     * docs/directml-behaviour.md §14.5).
     */
    BLOCK_SIZE_NOT_DIVIDING(Severity.ERROR, "each QuantizationTensors size must divide InputTensor's size"),
    /**
     * RNN, LSTM, GRU: neither OutputSequenceTensor nor OutputSingleTensor is given (LSTM's OutputCellSingleTensor alone
     * is not enough; measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
     */
    NO_OUTPUT(Severity.ERROR, "OutputSequenceTensor or OutputSingleTensor must be given"),
    /**
     * RNN, LSTM, GRU: an ActivationDescs member is not an element-wise activation without tensors of its own
     * (ACTIVATION_SOFTMAX, _LOG_SOFTMAX, _HARDMAX and their '1' versions, _PARAMETERIZED_RELU, _RELU_GRAD and every
     * non-activation operator are refused: measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.5).
     */
    RECURRENT_ACTIVATION_UNSUPPORTED(Severity.ERROR, "the recurrent network does not take this activation"),

    // Shape rules of the regions of interest (ROI_POOLING, ROI_ALIGN, ROI_ALIGN1, ROI_ALIGN_GRAD):

    /**
     * ROITensor is not one row per region (its sizes before the last two 1, its last size the coordinates: 5 for
     * ROI_POOLING, 4 for the ROI alignments), or BatchIndicesTensor is not one index per region (1s, then the region
     * count). Measured on DirectML.dll 1.15.4 (docs/directml-behaviour.md §14.2).
     */
    ROI_SIZES_INVALID(Severity.ERROR, "ROITensor must hold one row of coordinates per region, with leading sizes 1, "
            + "and BatchIndicesTensor one index per region"),
    /**
     * ROI_ALIGN, ROI_ALIGN1, ROI_ALIGN_GRAD: a sampling field out of the range DirectML.dll 1.15.4 accepts (measured,
     * docs/directml-behaviour.md §14.2): a spatial scale below 0 or infinite (NaN and -0.0 are accepted), a
     * MinimumSamplesPerOutput of 0, above MaximumSamplesPerOutput, or whose product with the larger output spatial
     * size exceeds 2^32 - 1.
     */
    ROI_SAMPLING_OUT_OF_RANGE(Severity.ERROR, "spatial scales must be finite and not negative, and "
            + "MinimumSamplesPerOutput in [1, MaximumSamplesPerOutput] with MinimumSamplesPerOutput times the larger "
            + "output spatial size at most 2^32 - 1"),
    /**
     * A tensor the desc's other fields require is NULL: ROI_ALIGN_GRAD without OutputGradientTensor and
     * OutputROIGradientTensor, or without InputTensor beside OutputROIGradientTensor or ReductionFunction MAX (docs;
     * measured on DirectML.dll 1.15.4, docs/directml-behaviour.md §14.2).
     */
    REQUIRED_TENSOR_MISSING(Severity.ERROR, "a tensor the desc's other fields require is NULL"),

    // Shape rules of attention (MULTIHEAD_ATTENTION, MULTIHEAD_ATTENTION1):

    /**
     * The query, key and value do not come from exactly one of the four layouts DirectML.dll 1.15.4 accepts
     * (QueryTensor, KeyTensor and ValueTensor; StackedQueryKeyTensor and ValueTensor; QueryTensor and
     * StackedKeyValueTensor; StackedQueryKeyValueTensor alone): docs; measured, docs/directml-behaviour.md §14.5.
     */
    ATTENTION_LAYOUT_INVALID(Severity.ERROR, "the query, key and value must be given separately or in exactly one "
            + "of the stacked layouts"),
    /**
     * A hidden size does not split into the heads DirectML.dll 1.15.4 requires (measured, docs/directml-behaviour.md
     * §14.5): the key's or value's last size is not a multiple of the key/value head count, or the query's head size
     * (its last size divided by the query head count, rounded down) is not the key's.
     */
    ATTENTION_HEAD_SIZES_MISMATCH(Severity.ERROR, "the key and value hidden sizes must be multiples of the head count, "
            + "and the query's head size the key's"),

    /**
     * A desc on which the measured DirectML.dll's CreateOperator ends the process with a fail-fast instead of
     * returning an error. SCATTER_ND: an index tuple longer than InputDimensionCount, yet at most
     * InputTensor.DimensionCount long, with IndicesDimensionCount 2 or more (measured); GATHER with IndexDimensions 0
     * whose indices have more sizes after their leading 1s than the input (measured); MULTIHEAD_ATTENTION with
     * HeadCount 0, MULTIHEAD_ATTENTION1 with both head counts 0, or one of them 0 beside a QueryTensor (an integer
     * division by zero, 0xc0000094 at DirectML.dll+0x7731e: measured, docs/directml-behaviour.md §14.5).
     */
    CREATE_OPERATOR_FAIL_FAST(Severity.ERROR,
            MeasuredDirectMl.NAME + " terminates the process (fail-fast) in CreateOperator for this desc");

    private final Severity severity;
    private final String summary;

    RuleId(Severity severity, String summary) {
        this.severity = severity;
        this.summary = summary;
    }

    /** The severity every diagnostic of this rule has. */
    public Severity severity() {
        return severity;
    }

    /** One line describing the rule, for listings. */
    public String summary() {
        return summary;
    }
}
