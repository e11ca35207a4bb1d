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
     * A {@code .npy} file's data is read straight into the buffer; a {@code .dat} or {@code .bin} file's bytes are
     * read as they are. The data starts at {@code initialValuesOffsetInBytes}.
     *
     * @param sources where a {@code sourcePath} may be read from (the model file's folder and any added ones)
     * @throws ModelFormatException if a {@code .npy} file is bad, of another dtype or outside {@code sources},
     *     {@code sizeInBytes} is smaller than the data, a value does not fit the type, or the buffer would exceed
     *     2 GiB
     */
    public static ByteBuffer materialize(ResourceDecl decl, SourceFolders sources) {
        InitialValues values = decl.initialValues();
        if (values instanceof FileValues file) {
            Path path = Objects.requireNonNull(sources, "sources").locate(file.sourcePath());
            if (!file.isNpy()) {
                long size = RawFile.dataSize(path, file.sourcePath(), decl.initialValuesDataType());
                ByteBuffer buffer = allocate(path.toString(), decl, size);
                RawFile.read(path, file.sourcePath(), size, dataRegion(buffer, decl));
                return buffer.clear();
            }
            NpyFile.Header header = NpyFile.readHeader(path);
            if (header.dataType() != decl.initialValuesDataType()) {
                throw fail(path.toString(), path + " holds " + header.dataType() + " data but initialValuesDataType is "
                        + decl.initialValuesDataType().name());
            }
            ByteBuffer buffer = allocate(path.toString(), decl, header.dataSizeInBytes());
            NpyFile.readData(path, header, dataRegion(buffer, decl));
            return buffer.clear();
        }
        return materialize(decl);
    }

    /**
     * As {@link #materialize(ResourceDecl, SourceFolders)} for a resource whose values are in the model itself.
     *
     * @throws IllegalArgumentException for a file initializer, which needs the folders it may be read from
     */
    public static ByteBuffer materialize(ResourceDecl decl) {
        TensorDataType type = decl.initialValuesDataType();
        InitialValues values = decl.initialValues();
        String source = "resource";
        if (values instanceof FileValues) {
            throw new IllegalArgumentException("a file initializer needs the folders it may be read from");
        }
        if (values instanceof ListValues list) {
            ByteBuffer buffer = allocate(source, decl, list.byteCount());
            ByteBuffer region = dataRegion(buffer, decl);
            long at = 0;
            for (ListValues.Entry entry : list.entries()) {
                check(source, entry.value(), at, entry.type());
                int size = entry.type().sizeInBits() / 8;
                // One element of the entry's type at byte `at`: index it in a window that starts there.
                ValueCodec.put(region.duplicate().position((int) at).slice().order(ByteOrder.LITTLE_ENDIAN),
                        entry.type(), 0, entry.value());
                at += size;
            }
            return buffer.clear();
        }
        ByteBuffer buffer = allocate(source, decl, ValueCodec.byteCount(type, initialElementCount(decl)));
        ByteBuffer region = dataRegion(buffer, decl);
        if (values instanceof EncodedValues) {
            region.put(((EncodedValues) values).bytes().duplicate());
            return buffer.clear();
        }
        if (values instanceof ArrayValues) {
            long i = 0;
            for (Scalar s : ((ArrayValues) values).values()) {
                check(source, s, i, type);
                ValueCodec.put(region, type, i++, s);
            }
        } else if (values instanceof ConstantValues) {
            ConstantValues c = (ConstantValues) values;
            check(source, c.value(), 0, type);
            GeneratedValues.constant(region, type, c.valueCount(), c.value());
        } else {
            SequenceValues s = (SequenceValues) values;
            if (s.valueStart() instanceof SpecialScalar || s.valueDelta() instanceof SpecialScalar) {
                sequenceWithSpecials(region, s, type, source);
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
                long notInteger = GeneratedValues.sequence(region, type, count, (DecimalScalar) s.valueStart(),
                        (DecimalScalar) s.valueDelta());
                if (notInteger >= 0) {
                    check(source, new DecimalScalar(start.add(delta.multiply(BigDecimal.valueOf(notInteger)))),
                            notInteger, type);
                }
            }
        }
        buffer.clear();
        return buffer;
    }

    /**
     * The part of the buffer the initial data goes into: from {@code initialValuesOffsetInBytes} on, little-endian,
     * position 0 (the writers index it absolutely).
     */
    private static ByteBuffer dataRegion(ByteBuffer buffer, ResourceDecl decl) {
        return buffer.duplicate().clear().position((int) decl.initialValuesOffsetInBytes()).slice()
                .order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * The buffer a resource gets, zeroed, or why it cannot be had. As DxDispatch: without {@code sizeInBytes} the size
     * is the data's rounded up to 4, and the data at its offset must fit in the size ({@code sizeInBytes} or that
     * rounded size); dmlemu rounds a given {@code sizeInBytes} up to 4 too (DirectML binds whole 4-byte units).
     */
    private static ByteBuffer allocate(String source, ResourceDecl decl, long dataSize) {
        String problem = sizeProblem(decl, dataSize);
        if (problem != null) {
            throw fail(source, problem);
        }
        long size = bufferSize(decl, dataSize);
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw fail(source, "a buffer of " + Long.toUnsignedString(size) + " bytes exceeds the 2 GiB this"
                    + " implementation can hold");
        }
        return ByteBuffer.allocate((int) size).order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Why {@code dataSize} bytes of initial data at the resource's offset do not fit its size, or null. DxDispatch's
     * rule: {@code data + initialValuesOffsetInBytes <= sizeInBytes}, where a missing {@code sizeInBytes} is the data's
     * size rounded up to 4. Unsigned and overflow-safe.
     */
    public static String sizeProblem(ResourceDecl decl, long dataSize) {
        long offset = decl.initialValuesOffsetInBytes();
        long capacity;
        if (decl.sizeInBytes().isPresent()) {
            capacity = decl.sizeInBytes().getAsLong();
            if (Long.compareUnsigned(capacity, dataSize) < 0) {
                return "sizeInBytes " + Long.toUnsignedString(capacity) + " is smaller than the initial data ("
                        + dataSize + " bytes)";
            }
        } else {
            capacity = dataSize > Long.MAX_VALUE - 3 ? -1 : (dataSize + 3) & ~3L;
        }
        if (Long.compareUnsigned(offset, capacity - dataSize) > 0) {
            return "the buffer size (" + Long.toUnsignedString(capacity) + " bytes) is too small for the initial"
                    + " values (" + dataSize + " bytes) at initialValuesOffsetInBytes " + Long.toUnsignedString(offset)
                    + (decl.sizeInBytes().isPresent() ? "" : "; give sizeInBytes");
        }
        return null;
    }

    /**
     * The buffer's size in bytes for {@code dataSize} bytes of initial data that {@link #sizeProblem} accepted:
     * {@code sizeInBytes} (or the data's size) rounded up to 4; -1 when that is 2^63 or more.
     */
    public static long bufferSize(ResourceDecl decl, long dataSize) {
        long size = decl.sizeInBytes().isPresent() && Long.compareUnsigned(decl.sizeInBytes().getAsLong(), dataSize) > 0
                ? decl.sizeInBytes().getAsLong() : dataSize;
        if (size < 0 || size > Long.MAX_VALUE - 3) {
            return -1;
        }
        return (size + 3) & ~3L;
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
        if (values instanceof ListValues list) {
            return list.byteCount(); // its entries have types of their own: counted in bytes
        }
        throw new IllegalArgumentException("the element count of a file initializer is in the file;"
                + " use NpyFile.readHeader or RawFile.dataSize");
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
