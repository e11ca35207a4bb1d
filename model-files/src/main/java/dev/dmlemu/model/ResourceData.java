package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Objects;

/** The initial bytes of a resource, as DxDispatch uploads them. */
public final class ResourceData {

    private ResourceData() {}

    /**
     * The resource's buffer: its initial values little-endian (floats rounded to nearest-even from the exact decimal,
     * UINT4/INT4 two per byte with the even element in the low nibble), zero-filled up to
     * {@code max(data size, sizeInBytes)} rounded up to a multiple of 4. Position 0, limit = capacity = that size.
     * A {@code .npy} file's data is read straight into the buffer.
     *
     * @param sources where a {@code sourcePath} may be read from (the model file's folder and any added ones)
     * @throws ModelFormatException if a {@code .npy} file is bad, of another dtype or outside {@code sources},
     *     {@code sizeInBytes} is smaller than the data, a value does not fit the type, or the buffer would exceed
     *     2 GiB
     */
    public static ByteBuffer materialize(ResourceDecl decl, SourceFolders sources) {
        InitialValues values = decl.initialValues();
        if (values instanceof FileValues) {
            Path path = Objects.requireNonNull(sources, "sources").locate(((FileValues) values).sourcePath());
            NpyFile.Header header = NpyFile.readHeader(path);
            if (header.dataType() != decl.initialValuesDataType()) {
                throw fail(path.toString(), path + " holds " + header.dataType() + " data but initialValuesDataType is "
                        + decl.initialValuesDataType().name());
            }
            ByteBuffer buffer = allocate(path.toString(), decl, header.dataSizeInBytes());
            NpyFile.readData(path, header, buffer);
            return buffer.clear();
        }
        return materialize(decl);
    }

    /**
     * As {@link #materialize(ResourceDecl, SourceFolders)} for a resource whose values are in the model itself.
     *
     * @throws IllegalArgumentException for a {@code .npy} initializer, which needs the folders it may be read from
     */
    public static ByteBuffer materialize(ResourceDecl decl) {
        TensorDataType type = decl.initialValuesDataType();
        InitialValues values = decl.initialValues();
        String source = "resource";
        if (values instanceof FileValues) {
            throw new IllegalArgumentException("a .npy initializer needs the folders it may be read from");
        }
        ByteBuffer buffer = allocate(source, decl, ValueCodec.byteCount(type, initialElementCount(decl)));
        if (values instanceof EncodedValues) {
            buffer.put(((EncodedValues) values).bytes().duplicate()).clear();
            return buffer;
        }
        if (values instanceof ArrayValues) {
            long i = 0;
            for (Scalar s : ((ArrayValues) values).values()) {
                check(source, s, i, type);
                ValueCodec.put(buffer, type, i++, s);
            }
        } else if (values instanceof ConstantValues) {
            ConstantValues c = (ConstantValues) values;
            check(source, c.value(), 0, type);
            GeneratedValues.constant(buffer, type, c.valueCount(), c.value());
        } else {
            SequenceValues s = (SequenceValues) values;
            if (s.valueStart() instanceof SpecialScalar || s.valueDelta() instanceof SpecialScalar) {
                sequenceWithSpecials(buffer, s, type, source);
            } else {
                BigDecimal start = ((DecimalScalar) s.valueStart()).value();
                BigDecimal delta = ((DecimalScalar) s.valueDelta()).value();
                String unbounded = GeneratedValues.unboundedSequence(start, delta);
                if (unbounded != null) {
                    throw fail(source, unbounded);
                }
                long count = s.valueCount();
                // A linear sequence fits the type when its first and last elements do.
                check(source, s.valueStart(), 0, type);
                if (count > 1) {
                    check(source, new DecimalScalar(start.add(delta.multiply(BigDecimal.valueOf(count - 1)))),
                            count - 1, type);
                }
                long notInteger = GeneratedValues.sequence(buffer, type, count, start, delta);
                if (notInteger >= 0) {
                    check(source, new DecimalScalar(start.add(delta.multiply(BigDecimal.valueOf(notInteger)))),
                            notInteger, type);
                }
            }
        }
        buffer.clear();
        return buffer;
    }

    /** A zeroed buffer of max(dataSize, sizeInBytes) rounded up to 4, or why it cannot be had. */
    private static ByteBuffer allocate(String source, ResourceDecl decl, long dataSize) {
        long size = dataSize;
        if (decl.sizeInBytes().isPresent()) {
            long declared = decl.sizeInBytes().getAsLong();
            if (Long.compareUnsigned(declared, dataSize) < 0) {
                throw fail(source, "sizeInBytes " + Long.toUnsignedString(declared) + " is smaller than the initial"
                        + " data (" + dataSize + " bytes)");
            }
            size = declared;
        }
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw fail(source, "a buffer of " + Long.toUnsignedString(size) + " bytes exceeds the 2 GiB this"
                    + " implementation can hold");
        }
        return ByteBuffer.allocate((int) ((size + 3) & ~3L)).order(ByteOrder.LITTLE_ENDIAN);
    }

    /** IEEE arithmetic on the specials: inf + i*d stays inf, nan stays nan, start + i*inf is inf past element 0. */
    private static void sequenceWithSpecials(ByteBuffer buffer, SequenceValues s, TensorDataType type, String source) {
        check(source, s.valueStart(), 0, type);
        check(source, s.valueDelta(), 0, type);
        for (long i = 0; i < s.valueCount(); i++) {
            Scalar element;
            if (s.valueStart() instanceof SpecialScalar) {
                element = i == 0 ? s.valueStart()
                        : s.valueDelta() == SpecialScalar.NAN ? SpecialScalar.NAN
                        : combine((SpecialScalar) s.valueStart(), s.valueDelta());
            } else {
                element = i == 0 ? s.valueStart() : (SpecialScalar) s.valueDelta();
            }
            ValueCodec.put(buffer, type, i, element);
        }
    }

    private static Scalar combine(SpecialScalar start, Scalar delta) {
        if (delta instanceof SpecialScalar && delta != start) {
            return SpecialScalar.NAN; // inf + -inf
        }
        return start;
    }

    /**
     * Bytes of {@code count} elements of {@code type}: {@code ceil(count * bits / 8)} (UINT4/INT4 pack two per byte).
     *
     * @throws ArithmeticException when that exceeds 2^63 - 1
     */
    public static long dataSizeInBytes(TensorDataType type, long count) {
        return ValueCodec.byteCount(type, count);
    }

    /** The number of initial elements (not counting padding): DxDispatch prints this many. */
    public static long initialElementCount(ResourceDecl decl) {
        InitialValues values = decl.initialValues();
        if (values instanceof ArrayValues) {
            return ((ArrayValues) values).values().size();
        }
        if (values instanceof EncodedValues) {
            return ((EncodedValues) values).count();
        }
        if (values instanceof ConstantValues) {
            return ((ConstantValues) values).valueCount();
        }
        if (values instanceof SequenceValues) {
            return ((SequenceValues) values).valueCount();
        }
        throw new IllegalArgumentException("the element count of a file initializer is in the file's header;"
                + " use NpyFile.readHeader");
    }

    private static void check(String source, Scalar scalar, long index, TensorDataType type) {
        String problem = ValueCodec.problem(scalar, scalar.toString(), type);
        if (problem != null) {
            throw fail(source, "element " + index + ": " + problem);
        }
    }

    private static ModelFormatException fail(String source, String detail) {
        return new ModelFormatException(source, "", ModelFormatException.NO_POSITION, ModelFormatException.NO_POSITION,
                detail);
    }
}
