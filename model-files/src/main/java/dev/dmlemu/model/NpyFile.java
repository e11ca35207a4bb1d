package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * numpy {@code .npy} files (format versions 1.0, 2.0 and 3.0): little-endian (or byte-order-free {@code '|'}) dtypes
 * that map onto a {@link TensorDataType}, C order only.
 *
 * <p>dtypes: {@code <f2} FLOAT16, {@code <f4} FLOAT32, {@code <f8} FLOAT64, {@code |i1 <i2 <i4 <i8} INT8..INT64,
 * {@code |u1 <u2 <u4 <u8} UINT8..UINT64, and {@code |b1} (bool) read as UINT8. Every problem is a
 * {@link ModelFormatException} naming the file.
 */
public final class NpyFile {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final int ALIGNMENT = 64;

    private NpyFile() {}

    /**
     * What a {@code .npy} header says.
     *
     * @param dataType the element type
     * @param descr the numpy dtype string as written, e.g. {@code <f4}
     * @param shape the array shape (empty for a 0-d array, which has one element)
     * @param dataOffset where the data starts in the file
     * @param dataSizeInBytes {@code product(shape) * itemsize}
     */
    public record Header(TensorDataType dataType, String descr, List<Long> shape, long dataOffset,
            long dataSizeInBytes) {

        public Header {
            Objects.requireNonNull(dataType, "dataType");
            Objects.requireNonNull(descr, "descr");
            shape = List.copyOf(shape);
        }

        /** {@code product(shape)}. */
        public long elementCount() {
            if (shape.contains(0L)) {
                return 0; // the other dimensions may multiply past 2^63: (M, M, 0)
            }
            long count = 1;
            for (long size : shape) {
                count *= size; // cannot overflow: readHeader checked the byte size
            }
            return count;
        }
    }

    /** A whole {@code .npy} array: its type, shape and little-endian data (position 0, limit = data size). */
    public record Array(TensorDataType dataType, List<Long> shape, ByteBuffer data) {

        public Array {
            Objects.requireNonNull(dataType, "dataType");
            shape = List.copyOf(shape);
            data = data.asReadOnlyBuffer().order(ByteOrder.LITTLE_ENDIAN);
        }
    }

    /**
     * Reads and checks the header, including that the file holds exactly the data the header promises.
     *
     * @throws ModelFormatException if the file is not a regular file (a FIFO, device or directory is refused before it
     *     is opened, so reading never blocks), cannot be read, is not a {@code .npy} file, has an unsupported dtype
     *     or Fortran order, or its header lies about its size
     */
    public static Header readHeader(Path file) {
        String name = file.toString();
        try (FileChannel channel = FileChannel.open(requireRegularFile(file, name), StandardOpenOption.READ)) {
            long fileSize = channel.size();
            ByteBuffer prefix = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
            while (prefix.hasRemaining() && channel.read(prefix) >= 0) {
                // keep reading
            }
            prefix.flip();
            if (prefix.remaining() < 10 || !startsWithMagic(prefix)) {
                throw fail(name, "not a .npy file (no \\x93NUMPY magic)");
            }
            int major = prefix.get(6) & 0xFF;
            int minor = prefix.get(7) & 0xFF;
            long headerLength;
            int headerStart;
            if (major == 1) {
                headerLength = prefix.getShort(8) & 0xFFFF;
                headerStart = 10;
            } else if (major == 2 || major == 3) {
                if (prefix.remaining() < 12) {
                    throw fail(name, "truncated .npy preamble");
                }
                headerLength = prefix.getInt(8) & 0xFFFF_FFFFL;
                headerStart = 12;
            } else {
                throw fail(name, "unsupported .npy format version " + major + "." + minor + " (1.0, 2.0 and 3.0 are)");
            }
            long dataOffset = headerStart + headerLength;
            if (dataOffset > fileSize) {
                throw fail(name, "header lies about its size: it claims " + headerLength + " header bytes but the file"
                        + " has only " + (fileSize - headerStart) + " bytes after the preamble");
            }
            if (headerLength > 1 << 20) {
                throw fail(name, "header of " + headerLength + " bytes is implausibly large");
            }
            ByteBuffer headerBytes = ByteBuffer.allocate((int) headerLength);
            channel.position(headerStart);
            while (headerBytes.hasRemaining() && channel.read(headerBytes) >= 0) {
                // keep reading
            }
            String text = new String(headerBytes.array(), major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
            Map<String, Object> dict;
            try {
                dict = new PythonLiteral(text).dict();
            } catch (IllegalArgumentException e) {
                throw fail(name, "unreadable header " + quote(text) + ": " + e.getMessage());
            }
            for (String key : dict.keySet()) {
                if (!List.of("descr", "fortran_order", "shape").contains(key)) {
                    throw fail(name, "unknown header key '" + key + "' (expected descr, fortran_order, shape)");
                }
            }
            Object descr = dict.get("descr");
            Object fortran = dict.get("fortran_order");
            Object shapeValue = dict.get("shape");
            if (!(descr instanceof String) || !(fortran instanceof Boolean) || !(shapeValue instanceof List)) {
                throw fail(name, "header " + quote(text) + " needs 'descr' (a string), 'fortran_order' (True/False)"
                        + " and 'shape' (a tuple)");
            }
            if ((Boolean) fortran) {
                throw fail(name, "fortran_order is True; only C-order arrays are supported"
                        + " (save with numpy.ascontiguousarray)");
            }
            TensorDataType type = dataTypeOf((String) descr, name);
            List<Long> shape = new ArrayList<>();
            for (Object dim : (List<?>) shapeValue) {
                if (!(dim instanceof Long) || (Long) dim < 0) {
                    throw fail(name, "shape " + shown((List<?>) shapeValue) + " has a dimension that is not a"
                            + " non-negative integer");
                }
                shape.add((Long) dim);
            }
            long dataSize;
            try {
                // A zero dimension makes the array empty whatever the others are: (M, M, 0) needs 0 bytes.
                long count = shape.contains(0L) ? 0 : 1;
                for (long dim : shape) {
                    count = count == 0 ? 0 : Math.multiplyExact(count, dim);
                }
                dataSize = Math.multiplyExact(count, (long) type.sizeInBytes());
            } catch (ArithmeticException e) {
                throw fail(name, "shape " + shown(shape) + " of " + descr + " needs more than 2^63 bytes");
            }
            long actual = fileSize - dataOffset;
            if (actual != dataSize) {
                throw fail(name, "header lies about its size: shape " + shown(shape) + " of " + descr + " needs "
                        + dataSize + " bytes of data but the file holds " + actual);
            }
            return new Header(type, (String) descr, Collections.unmodifiableList(shape), dataOffset, dataSize);
        } catch (IOException e) {
            throw fail(name, "cannot read: " + FileErrors.describe(e));
        }
    }

    /**
     * Reads a whole array.
     *
     * @throws ModelFormatException as {@link #readHeader}, or when the data exceeds 2 GiB
     */
    public static Array read(Path file) {
        Header header = readHeader(file);
        if (header.dataSizeInBytes() > Integer.MAX_VALUE - 8) {
            throw fail(file.toString(), header.dataSizeInBytes() + " bytes of data exceed the 2 GiB a buffer holds");
        }
        ByteBuffer data = ByteBuffer.allocate((int) header.dataSizeInBytes()).order(ByteOrder.LITTLE_ENDIAN);
        readData(file, header, data);
        return new Array(header.dataType(), header.shape(), data);
    }

    /**
     * Reads the data {@code header} (from {@link #readHeader} of the same file) describes into {@code target}, from
     * its position on, which must leave room for it.
     *
     * @throws ModelFormatException if the file cannot be read or no longer holds that data
     */
    public static void readData(Path file, Header header, ByteBuffer target) {
        if (target.remaining() < header.dataSizeInBytes()) {
            throw new IllegalArgumentException(header.dataSizeInBytes() + " bytes of data do not fit in "
                    + target.remaining());
        }
        ByteBuffer data = target.duplicate();
        data.limit(data.position() + (int) header.dataSizeInBytes());
        try (FileChannel channel = FileChannel.open(requireRegularFile(file, file.toString()),
                StandardOpenOption.READ)) {
            if (channel.size() != header.dataOffset() + header.dataSizeInBytes()) {
                throw fail(file.toString(), "file changed size since its header was read");
            }
            channel.position(header.dataOffset());
            while (data.hasRemaining() && channel.read(data) >= 0) {
                // keep reading
            }
        } catch (IOException e) {
            throw fail(file.toString(), "cannot read: " + FileErrors.describe(e));
        }
        if (data.hasRemaining()) {
            throw fail(file.toString(), "file shrank while being read");
        }
    }

    /** The file itself when it is a regular file, checked before it is opened (links are followed). */
    private static Path requireRegularFile(Path file, String name) throws IOException {
        if (!Files.readAttributes(file, BasicFileAttributes.class).isRegularFile()) {
            throw fail(name, "not a regular file (a FIFO, device or directory); only regular files are read");
        }
        return file;
    }

    /**
     * Writes {@code data} (from its position to its limit, little-endian) as a C-order {@code .npy} file, format 1.0
     * (2.0 if the header needs more than 64 KiB).
     *
     * @throws IllegalArgumentException if the type has no numpy dtype (UNKNOWN, UINT4, INT4) or the data size is not
     *     {@code product(shape) * itemsize}
     * @throws java.io.UncheckedIOException if the file cannot be written, or is a symbolic link (never written
     *     through)
     */
    public static void write(Path file, TensorDataType dataType, List<Long> shape, ByteBuffer data) {
        write(file, descrOf(dataType), shape, data);
    }

    /**
     * As {@link #write(Path, TensorDataType, List, ByteBuffer)}, with the dtype given as a numpy string that
     * {@link #read} accepts: {@code |b1} keeps a bool array bool, where the {@link TensorDataType} form would write
     * {@code |u1}.
     *
     * @throws IllegalArgumentException if {@code descr} is not a supported dtype, or as the other form
     */
    public static void write(Path file, String descr, List<Long> shape, ByteBuffer data) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING, LinkOption.NOFOLLOW_LINKS)) {
            write(channel, descr, shape, data);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("cannot write " + file, e);
        }
    }

    /**
     * As {@link #write(Path, String, List, ByteBuffer)}, onto a channel (which stays open).
     *
     * @throws IOException if the channel fails
     */
    public static void write(WritableByteChannel channel, String descr, List<Long> shape, ByteBuffer data)
            throws IOException {
        TensorDataType dataType;
        try {
            dataType = dataTypeOf(descr, "dtype");
        } catch (ModelFormatException e) {
            throw new IllegalArgumentException(e.detail(), e);
        }
        long count = 1;
        for (long dim : shape) {
            if (dim < 0) {
                throw new IllegalArgumentException("negative dimension in shape " + shape);
            }
            count = Math.multiplyExact(count, dim);
        }
        long expected = Math.multiplyExact(count, (long) dataType.sizeInBytes());
        if (data.remaining() != expected) {
            throw new IllegalArgumentException("shape " + shapeText(shape) + " of " + descr + " needs " + expected
                    + " bytes but " + data.remaining() + " were given");
        }
        String dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shapeText(shape) + ", }";
        int major = dict.length() + 1 + 10 > 0xFFFF ? 2 : 1;
        int preamble = major == 1 ? 10 : 12;
        int padded = paddedHeaderSize(dict);
        String header = dict + " ".repeat(padded - preamble - dict.length() - 1) + "\n";
        ByteBuffer head = ByteBuffer.allocate(padded).order(ByteOrder.LITTLE_ENDIAN);
        head.put(MAGIC).put((byte) major).put((byte) 0);
        if (major == 1) {
            head.putShort((short) header.length());
        } else {
            head.putInt(header.length());
        }
        head.put(header.getBytes(StandardCharsets.ISO_8859_1)).flip();
        ByteBuffer body = data.duplicate();
        while (head.hasRemaining()) {
            channel.write(head);
        }
        while (body.hasRemaining()) {
            channel.write(body);
        }
    }

    /** The size of the file {@link #write} makes: the padded header and the data. */
    public static long fileSize(TensorDataType dataType, List<Long> shape) {
        String dict = "{'descr': '" + descrOf(dataType) + "', 'fortran_order': False, 'shape': " + shapeText(shape)
                + ", }";
        long count = 1;
        for (long dim : shape) {
            count = Math.multiplyExact(count, dim);
        }
        return Math.addExact(paddedHeaderSize(dict), Math.multiplyExact(count, (long) dataType.sizeInBytes()));
    }

    private static int paddedHeaderSize(String dict) {
        int major = dict.length() + 1 + 10 > 0xFFFF ? 2 : 1;
        int preamble = major == 1 ? 10 : 12;
        return (preamble + dict.length() + 1 + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    }

    /** The numpy dtype string for a type: {@code <f4}, {@code |u1}, ... */
    public static String descrOf(TensorDataType type) {
        switch (type) {
            case FLOAT16: return "<f2";
            case FLOAT32: return "<f4";
            case FLOAT64: return "<f8";
            case INT8: return "|i1";
            case INT16: return "<i2";
            case INT32: return "<i4";
            case INT64: return "<i8";
            case UINT8: return "|u1";
            case UINT16: return "<u2";
            case UINT32: return "<u4";
            case UINT64: return "<u8";
            default:
                throw new IllegalArgumentException(type + " has no numpy dtype");
        }
    }

    private static TensorDataType dataTypeOf(String descr, String name) {
        if (descr.length() == 3 && descr.charAt(0) == '>' && descr.charAt(2) != '1') {
            throw fail(name, "dtype '" + descr + "' is big-endian; only little-endian data is supported");
        }
        char order = descr.length() == 3 ? descr.charAt(0) : '?';
        String body = descr.length() == 3 ? descr.substring(1) : "";
        boolean oneByte = body.endsWith("1");
        // '|' (no byte order) and '=' (native) are unambiguous only for one-byte types.
        if (order != '<' && !(oneByte && (order == '|' || order == '=' || order == '>'))) {
            body = "";
        }
        switch (body) {
            case "f2": return TensorDataType.FLOAT16;
            case "f4": return TensorDataType.FLOAT32;
            case "f8": return TensorDataType.FLOAT64;
            case "i1": return TensorDataType.INT8;
            case "i2": return TensorDataType.INT16;
            case "i4": return TensorDataType.INT32;
            case "i8": return TensorDataType.INT64;
            case "u1":
            case "b1":
                return TensorDataType.UINT8;
            case "u2": return TensorDataType.UINT16;
            case "u4": return TensorDataType.UINT32;
            case "u8": return TensorDataType.UINT64;
            default:
                throw fail(name, "unsupported dtype '" + descr + "' (supported: <f2 <f4 <f8 |i1 <i2 <i4 <i8"
                        + " |u1 <u2 <u4 <u8 |b1)");
        }
    }

    private static String shapeText(List<Long> shape) {
        if (shape.size() == 1) {
            return "(" + shape.get(0) + ",)";
        }
        StringBuilder b = new StringBuilder("(");
        for (int i = 0; i < shape.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(shape.get(i));
        }
        return b.append(')').toString();
    }

    /** A shape for a message, as Python writes it: whole when short, else its first dimensions and how many. */
    private static String shown(List<?> shape) {
        List<?> head = shape.size() > 10 ? shape.subList(0, 8) : shape;
        String inner = head.stream().map(String::valueOf).collect(Collectors.joining(", "));
        if (shape.size() > 10) {
            inner += ", ... (" + shape.size() + " dimensions)";
        } else if (shape.size() == 1) {
            inner += ",";
        }
        return "(" + inner + ")";
    }

    private static boolean startsWithMagic(ByteBuffer prefix) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (prefix.get(i) != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    private static String quote(String text) {
        String trimmed = text.strip();
        return "\"" + (trimmed.length() > 80 ? trimmed.substring(0, 80) + "..." : trimmed) + "\"";
    }

    private static ModelFormatException fail(String file, String detail) {
        return new ModelFormatException(file, "", ModelFormatException.NO_POSITION, ModelFormatException.NO_POSITION,
                file + ": " + detail);
    }
}
