package dev.dmlemu.featurelevels;

import dev.dmlemu.desc.BufferTensorDesc;
import dev.dmlemu.desc.BufferTensorMath;
import dev.dmlemu.desc.ElementAddressing;
import dev.dmlemu.desc.FeatureLevel;
import dev.dmlemu.desc.TensorDataType;
import dev.dmlemu.desc.TensorDesc;
import dev.dmlemu.desc.TensorFlags;
import dev.dmlemu.desc.TensorKind;
import dev.dmlemu.desc.TensorSizeOverflowException;
import dev.dmlemu.desc.TensorType;
import java.util.List;
import java.util.Optional;

/**
 * What DirectML's {@code CreateOperator} checks of every tensor of every operator, on its own: its Type, its row of
 * the operator's support table (data type, dimension count), flags, the UINT range of each field, sizes, strides,
 * {@code TotalTensorSizeInBytes}, {@code GuaranteedBaseOffsetAlignment}, and an output's aliasing. Every rule was
 * checked against the real DirectML.dll 1.15.4 at level 6_4 (docs/directml-behaviour.md §5, §6.3). Stateless.
 */
final class TensorRules {

    static final long UINT32_MAX = 0xFFFF_FFFFL;

    private TensorRules() {}

    /**
     * The rules of one tensor on its own; returns it as a buffer desc, or null when its Type is not BUFFER.
     *
     * @param operator the operator's support tables, for the lowest level that would accept a value
     * @param support the tensor's row of the table at the level, or null when the operator does not exist there
     */
    static BufferTensorDesc check(DiagnosticCollector out, OperatorSupport operator, TensorSupport support,
            String field, TensorKind kind, TensorDesc tensor) {
        if (tensor.isNull()) {
            out.report(RuleId.TENSOR_TYPE_UNSUPPORTED, field, "NULL, but the operator requires this tensor (a "
                    + TensorType.BUFFER.cName() + " desc)");
            return null;
        }
        if (!(tensor instanceof BufferTensorDesc buffer)) {
            out.report(RuleId.TENSOR_TYPE_UNSUPPORTED, field + ".Type", tensor.tensorType().cName()
                    + " is not supported (allowed: " + TensorType.BUFFER.cName() + ")");
            return null;
        }
        FeatureLevel level = out.level();
        TensorDataType type = buffer.dataType();
        if (support != null && !support.supports(type)) {
            Optional<FeatureLevel> from = operator.lowestLevelSupporting(field, type);
            out.report(RuleId.DATA_TYPE_UNSUPPORTED, field + ".DataType", type.name() + " is not supported at "
                    + level.cName() + " (allowed: " + support.dataTypeNames() + "); " + needs(type.name(), from),
                    from);
        }
        if (buffer.flags() == TensorFlags.OWNED_BY_DML && kind == TensorKind.OUTPUT) {
            out.report(RuleId.FLAGS_INVALID, field + ".Flags", TensorFlags.OWNED_BY_DML.cName()
                    + " is allowed on input tensors only (allowed here: " + TensorFlags.NONE.cName() + ")");
        }

        long dimensionCount = buffer.dimensionCount();
        List<Long> sizes = buffer.sizes();
        boolean dimensionCountInRange = isUint32(dimensionCount);
        if (!dimensionCountInRange) {
            out.report(RuleId.UINT32_RANGE, field + ".DimensionCount", uint32Message(dimensionCount));
        } else if (support != null && !support.supportsDimensionCount(dimensionCount)) {
            Optional<FeatureLevel> from = operator.lowestLevelSupportingDimensionCount(field, dimensionCount);
            out.report(RuleId.DIMENSION_COUNT_UNSUPPORTED, field + ".DimensionCount", dimensionCount
                    + " is not supported at " + level.cName() + " (allowed: " + support.dimensionCounts() + "); "
                    + needs(Long.toString(dimensionCount), from), from);
        }
        boolean sizesLengthOk = dimensionCountInRange && dimensionCount == sizes.size();
        if (dimensionCountInRange && !sizesLengthOk) {
            out.report(RuleId.SIZES_LENGTH_MISMATCH, field + ".Sizes", "has " + sizes.size()
                    + " entries but DimensionCount is " + dimensionCount);
        }

        boolean sizesInRange = true;
        boolean anyZero = false;
        for (int i = 0; i < sizes.size(); i++) {
            long size = sizes.get(i);
            if (!isUint32(size)) {
                out.report(RuleId.UINT32_RANGE, field + ".Sizes[" + i + "]", uint32Message(size));
                sizesInRange = false;
            } else if (size == 0) {
                out.report(RuleId.ZERO_SIZE, field + ".Sizes[" + i + "]", "0 is not allowed (every size must be "
                        + "at least 1)");
                anyZero = true;
            }
        }

        boolean stridesOk = true;
        if (buffer.strides().isPresent()) {
            List<Long> strides = buffer.strides().get();
            if (dimensionCountInRange && strides.size() != dimensionCount) {
                out.report(RuleId.STRIDES_LENGTH_MISMATCH, field + ".Strides", "has " + strides.size()
                        + " entries but DimensionCount is " + dimensionCount);
                stridesOk = false;
            }
            for (int i = 0; i < strides.size(); i++) {
                long stride = strides.get(i);
                if (!isUint32(stride)) {
                    out.report(RuleId.UINT32_RANGE, field + ".Strides[" + i + "]", uint32Message(stride));
                    stridesOk = false;
                }
            }
        }

        if (sizesInRange && !anyZero) {
            checkElementCount(out, field, sizes);
            if (kind == TensorKind.OUTPUT && sizesLengthOk && stridesOk && buffer.strides().isPresent()) {
                checkOutputAliasing(out, field, sizes, buffer.strides().get());
            }
        }

        // A UINT64 held as its raw bits: a negative long is 2^63 or more, which no tensor may declare.
        long total = buffer.totalTensorSizeInBytes();
        boolean tooSmall = false;
        if (total >= 0 && sizesLengthOk && sizesInRange && !anyZero && stridesOk && type != TensorDataType.UNKNOWN) {
            tooSmall = checkTotalSize(out, field, buffer, total);
        }
        if (type != TensorDataType.UNKNOWN) {
            checkTotalNotTooLarge(out, field, type, total);
        }
        if (!tooSmall && (total & 3) != 0) {
            out.report(RuleId.TOTAL_SIZE_UNALIGNED, field + ".TotalTensorSizeInBytes", Long.toUnsignedString(total)
                    + " is not a multiple of 4; DirectML accepts it, but bound buffer sizes must be DWORD "
                    + "aligned (" + roundedUp(total) + ")");
        }

        long alignment = buffer.guaranteedBaseOffsetAlignment();
        if (!isUint32(alignment)) {
            out.report(RuleId.UINT32_RANGE, field + ".GuaranteedBaseOffsetAlignment", uint32Message(alignment));
        } else if (alignment != 0) {
            long elementBytes = (type.sizeInBits() + 7) / 8;
            if (Long.bitCount(alignment) != 1 || alignment < elementBytes) {
                out.report(RuleId.ALIGNMENT_INVALID, field + ".GuaranteedBaseOffsetAlignment", alignment
                        + " must be 0 or a power of two at least the element size (" + elementBytes + " for "
                        + type.name() + ")");
            }
        }
        return buffer;
    }

    private static void checkElementCount(DiagnosticCollector out, String field, List<Long> sizes) {
        long count = 1;
        for (int i = 0; i < sizes.size(); i++) {
            long size = sizes.get(i);
            // count and size are both <= 2^32 - 1 here, so the product cannot overflow before we stop.
            if (count > BufferTensorMath.MAX_ELEMENT_COUNT / size) {
                out.report(RuleId.ELEMENT_COUNT_TOO_LARGE, field + ".Sizes", "product(Sizes) exceeds "
                        + BufferTensorMath.MAX_ELEMENT_COUNT + " (2^32 - 1 elements)");
                return;
            }
            count *= size;
        }
    }

    /**
     * DirectML addresses at most 2^32 - 1 elements of a buffer: {@code ceil(Total * 8 / bitsPerElement)} must not
     * exceed that (measured: the rounding is up, so FLOAT32 with 17179869181 bytes is rejected).
     */
    private static void checkTotalNotTooLarge(DiagnosticCollector out, String field, TensorDataType type,
            long total) {
        long bits = type.sizeInBits();
        long maxBytes = BufferTensorMath.MAX_ELEMENT_COUNT * bits / 8; // <= (2^32 - 1) * 8: no overflow
        if (Long.compareUnsigned(total, maxBytes) > 0) {
            out.report(RuleId.TOTAL_SIZE_TOO_LARGE, field + ".TotalTensorSizeInBytes", Long.toUnsignedString(total)
                    + " bytes hold more "
                    + "than " + BufferTensorMath.MAX_ELEMENT_COUNT + " " + type.name() + " elements (at most "
                    + maxBytes + " bytes)");
        }
    }

    /**
     * The aliasing check DirectML applies to the OutputTensor's explicit strides, over dimensions of size &gt; 1: no
     * stride 0, no two equal strides, and {@code IndexOfLastElement + 1 >= product(Sizes)}. Sizes and strides are
     * in the UINT range and no size is 0 here.
     */
    private static void checkOutputAliasing(DiagnosticCollector out, String field, List<Long> sizes,
            List<Long> strides) {
        boolean reported = false;
        for (int i = 0; i < sizes.size(); i++) {
            if (sizes.get(i) == 1) {
                continue;
            }
            long stride = strides.get(i);
            if (stride == 0) {
                out.report(RuleId.OUTPUT_ALIASING, field + ".Strides[" + i + "]", "0 makes output elements alias "
                        + "(Sizes[" + i + "] is " + sizes.get(i) + "); an output tensor cannot broadcast");
                reported = true;
                continue;
            }
            for (int j = 0; j < i; j++) {
                if (sizes.get(j) != 1 && strides.get(j) == stride) {
                    out.report(RuleId.OUTPUT_ALIASING, field + ".Strides[" + i + "]", stride + " equals Strides["
                            + j + "] and both dimensions have a size above 1, so output elements alias");
                    reported = true;
                    break;
                }
            }
        }
        if (reported) {
            return;
        }
        long count = 1;
        for (long size : sizes) {
            if (count > BufferTensorMath.MAX_ELEMENT_COUNT / size) {
                return; // ELEMENT_COUNT_TOO_LARGE already reported
            }
            count *= size;
        }
        long addressed;
        try {
            addressed = BufferTensorMath.indexOfLastElement(sizes, strides) + 1;
        } catch (TensorSizeOverflowException e) {
            return; // addresses more than 2^63 elements: certainly not fewer than the element count
        }
        if (addressed < count) {
            out.report(RuleId.OUTPUT_ALIASING, field + ".Strides", "address " + addressed + " elements "
                    + "(IndexOfLastElement + 1) for " + count + " output elements, so output elements alias");
            return;
        }
        // DirectML's check passed, but it is not an overlap test: some accepted layouts still write an element twice.
        ElementAddressing addressing = BufferTensorMath.addressing(sizes, strides);
        if (addressing != ElementAddressing.DISTINCT) {
            out.report(RuleId.OUTPUT_OVERLAP, field + ".Strides", strides + " with Sizes " + sizes
                    + (addressing == ElementAddressing.OVERLAPPING ? " write some output elements more than once"
                            : " may write some output elements more than once (too many to check)")
                    + "; DirectML accepts this, but which value lands there is undefined");
        }
    }

    /** Reports TOTAL_SIZE_TOO_SMALL or SIZE_OVERFLOW; returns whether TotalTensorSizeInBytes is too small. */
    private static boolean checkTotalSize(DiagnosticCollector out, String field, BufferTensorDesc buffer,
            long total) {
        long required;
        try {
            required = BufferTensorMath.calcBufferTensorSize(buffer.dataType(), buffer.sizes(), buffer.strides());
        } catch (TensorSizeOverflowException e) {
            out.report(RuleId.SIZE_OVERFLOW, field + ".TotalTensorSizeInBytes", "DMLCalcBufferTensorSize "
                    + "does not fit in 64 bits (" + e.getMessage() + ")");
            return true;
        }
        if (total < required) {
            out.report(RuleId.TOTAL_SIZE_TOO_SMALL, field + ".TotalTensorSizeInBytes", "expected at least "
                    + required + " (DMLCalcBufferTensorSize of DataType, Sizes and Strides) but got " + total);
            return true;
        }
        return false;
    }

    /**
     * Both tensors exist, have the same DimensionCount, that many sizes each, and every size in the UINT range (an
     * out-of-range size was reported already; comparing it would only repeat the problem).
     */
    static boolean haveComparableSizes(BufferTensorDesc a, BufferTensorDesc b) {
        return hasUsableSizes(a) && hasUsableSizes(b) && a.dimensionCount() == b.dimensionCount();
    }

    /**
     * The tensor exists, has DimensionCount sizes, and every size is in the UINT range: its sizes can be compared with
     * a formula (a problem with them was reported already).
     */
    static boolean hasUsableSizes(BufferTensorDesc a) {
        return a != null && a.sizes().size() == a.dimensionCount() && allUint32(a.sizes());
    }

    private static boolean allUint32(List<Long> values) {
        for (int i = 0; i < values.size(); i++) {
            if (!isUint32(values.get(i))) {
                return false;
            }
        }
        return true;
    }

    static boolean isUint32(long value) {
        return value >= 0 && value <= UINT32_MAX;
    }

    static String uint32Message(long value) {
        return value + " is outside the UINT range [0, " + UINT32_MAX + "]";
    }

    static String needs(String what, Optional<FeatureLevel> from) {
        return from.isPresent() ? what + " needs " + from.get().cName() : "no feature level supports " + what;
    }

    /** The aligned size to suggest; past 2^64 - 4 no UINT64 is one, and the rounding would wrap to 0. */
    private static String roundedUp(long total) {
        return Long.compareUnsigned(total, -4L) > 0 ? "no UINT64 size at or above it is a multiple of 4"
                : "round up to " + Long.toUnsignedString((total + 3) & ~3L);
    }
}
