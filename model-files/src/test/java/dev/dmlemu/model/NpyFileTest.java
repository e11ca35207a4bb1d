package dev.dmlemu.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.dmlemu.desc.TensorDataType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpyFileTest {

    @TempDir
    Path dir;

    /** A .npy file by hand: magic, version, header length (as given), the header text, then the data. */
    private static byte[] npy(int major, int headerLength, String header, byte[] data) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0x93);
        out.writeBytes("NUMPY".getBytes(StandardCharsets.US_ASCII));
        out.write(major);
        out.write(0);
        out.write(headerLength & 0xFF);
        out.write((headerLength >> 8) & 0xFF);
        if (major >= 2) {
            out.write((headerLength >> 16) & 0xFF);
            out.write((headerLength >> 24) & 0xFF);
        }
        out.writeBytes(header.getBytes(StandardCharsets.ISO_8859_1));
        out.writeBytes(data);
        return out.toByteArray();
    }

    /** A well-formed file: the dict padded with spaces and a newline so that the data starts at a multiple of 64. */
    private static byte[] npy(int major, String dict, byte[] data) {
        int preamble = major == 1 ? 10 : 12;
        int total = (preamble + dict.length() + 1 + 63) / 64 * 64;
        String header = dict + " ".repeat(total - preamble - dict.length() - 1) + "\n";
        return npy(major, header.length(), header, data);
    }

    private static byte[] littleEndianInts(int... values) {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    private Path file(String name, byte[] bytes) throws IOException {
        Path path = dir.resolve(name);
        Files.write(path, bytes);
        return path;
    }

    private static ModelFormatException readFails(Path file) {
        return assertThrows(ModelFormatException.class, () -> NpyFile.read(file));
    }

    @Test
    void readsVersion1Float32() throws IOException {
        byte[] data = new byte[24];
        ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().put(new float[] {1, 2, 3, 4, 5, 6.5f});
        Path f = file("a.npy", npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", data));
        NpyFile.Array array = NpyFile.read(f);
        assertEquals(TensorDataType.FLOAT32, array.dataType());
        assertEquals(List.of(2L, 3L), array.shape());
        assertEquals(24, array.data().remaining());
        assertEquals(6.5f, array.data().getFloat(20));
        NpyFile.Header header = NpyFile.readHeader(f);
        assertEquals(128, header.dataOffset()); // 10 + 60-char dict + newline, padded to 64
        assertEquals(6, header.elementCount());
        assertEquals("<f4", header.descr());
    }

    @Test
    void readsVersion2AndOtherDtypes() throws IOException {
        byte[] longs = new byte[16];
        ByteBuffer.wrap(longs).order(ByteOrder.LITTLE_ENDIAN).putLong(-3).putLong(1L << 40);
        NpyFile.Array v2 = NpyFile.read(file("b.npy",
                npy(2, "{\"descr\": \"<i8\", \"fortran_order\": False, \"shape\": (2,)}", longs)));
        assertEquals(TensorDataType.INT64, v2.dataType());
        assertEquals(-3, v2.data().getLong(0));
        assertEquals(1L << 40, v2.data().getLong(8));

        Object[][] dtypes = {
            {"<f2", TensorDataType.FLOAT16, 2}, {"<f8", TensorDataType.FLOAT64, 8}, {"|i1", TensorDataType.INT8, 1},
            {"<i1", TensorDataType.INT8, 1}, {"<i2", TensorDataType.INT16, 2}, {"<i4", TensorDataType.INT32, 4},
            {"|u1", TensorDataType.UINT8, 1}, {"<u1", TensorDataType.UINT8, 1}, {"<u2", TensorDataType.UINT16, 2},
            {"<u4", TensorDataType.UINT32, 4}, {"<u8", TensorDataType.UINT64, 8}, {"|b1", TensorDataType.UINT8, 1},
        };
        for (Object[] row : dtypes) {
            Path f = file("t.npy", npy(1, "{'descr': '" + row[0] + "', 'fortran_order': False, 'shape': (3,), }",
                    new byte[3 * (Integer) row[2]]));
            assertEquals(row[1], NpyFile.readHeader(f).dataType(), (String) row[0]);
        }
        // A 0-d array holds one element; an empty one holds none.
        assertEquals(7, NpyFile.read(file("s.npy", npy(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (), }",
                littleEndianInts(7)))).data().getInt(0));
        assertEquals(0, NpyFile.read(file("e.npy", npy(1, "{'descr': '<i4', 'fortran_order': False, 'shape': (0,), }",
                new byte[0]))).data().remaining());
    }

    @Test
    void anEmptyArrayNeedsNoBytesHoweverLargeItsOtherDimensions() throws IOException {
        // (M, M, 0) with M = 2^63 - 1 holds no element: M * M overflows, but the product is 0.
        long m = Long.MAX_VALUE;
        String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (" + m + ", " + m + ", 0), }";
        Path empty = file("empty.npy", npy(1, dict, new byte[0]));
        NpyFile.Header header = NpyFile.readHeader(empty);
        assertEquals(List.of(m, m, 0L), header.shape());
        assertEquals(0, header.dataSizeInBytes());
        assertEquals(0, header.elementCount());
        // With data it does not have room for, the header lies about its size, and says by how much.
        Path withData = file("with-data.npy", npy(1, dict, new byte[4]));
        assertEquals(withData + ": header lies about its size: shape (" + m + ", " + m + ", 0) of <f4 needs 0 bytes"
                + " of data but the file holds 4", readFails(withData).getMessage());
    }

    @Test
    void headerThatLiesAboutItsSize() throws IOException {
        String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }";
        Path shortFile = file("short.npy", npy(1, dict, new byte[20]));
        assertEquals(shortFile + ": header lies about its size: shape (2, 3) of <f4 needs 24 bytes of data but the"
                + " file holds 20", readFails(shortFile).getMessage());
        Path longFile = file("long.npy", npy(1, dict, new byte[28]));
        assertEquals(longFile + ": header lies about its size: shape (2, 3) of <f4 needs 24 bytes of data but the"
                + " file holds 28", readFails(longFile).getMessage());
        // A header length pointing past the end of the file.
        Path pastEnd = file("past.npy", npy(1, 1000, dict + "\n", new byte[0]));
        ModelFormatException e = readFails(pastEnd);
        assertEquals(pastEnd + ": header lies about its size: it claims 1000 header bytes but the file has only "
                + (dict.length() + 1) + " bytes after the preamble", e.getMessage());
        assertEquals(pastEnd.toString(), e.sourceName());
    }

    @Test
    void unsupportedLayoutsAndTypes() throws IOException {
        Path fortran = file("f.npy", npy(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }",
                new byte[16]));
        assertTrue(readFails(fortran).getMessage().startsWith(fortran + ": fortran_order is True; only C-order"),
                readFails(fortran).getMessage());
        Path big = file("big.npy", npy(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", new byte[4]));
        assertEquals(big + ": dtype '>f4' is big-endian; only little-endian data is supported",
                readFails(big).getMessage());
        Path complex = file("c.npy", npy(1, "{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }",
                new byte[8]));
        assertTrue(readFails(complex).getMessage().startsWith(complex + ": unsupported dtype '<c8'"));
        Path notNpy = file("n.npy", "hello, world".getBytes(StandardCharsets.US_ASCII));
        assertEquals(notNpy + ": not a .npy file (no \\x93NUMPY magic)", readFails(notNpy).getMessage());
        Path garbled = file("g.npy", npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, }", new byte[8]));
        assertTrue(readFails(garbled).getMessage().startsWith(garbled + ": unreadable header"),
                readFails(garbled).getMessage());
        Path version9 = file("v.npy", npy(9, 0, "", new byte[0]));
        assertTrue(readFails(version9).getMessage().contains("unsupported .npy format version 9.0"));
        String missing = readFails(dir.resolve("missing.npy")).getMessage();
        assertTrue(missing.endsWith("cannot read: no such file"), missing);
    }

    @Test
    void writesTheStandardLayout() throws IOException {
        Path f = dir.resolve("w.npy");
        NpyFile.write(f, TensorDataType.FLOAT32, List.of(2L),
                ByteBuffer.wrap(littleEndianInts(Float.floatToIntBits(1f), Float.floatToIntBits(2f))));
        String dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
        // 10-byte preamble + 56-char dict + newline = 67, padded to 128: a header length of 118.
        byte[] expected = npy(1, 118, dict + " ".repeat(118 - dict.length() - 1) + "\n",
                littleEndianInts(0x3F80_0000, 0x4000_0000));
        assertArrayEquals(expected, Files.readAllBytes(f));
    }

    @Test
    void writesBoolAsB1WhenAskedByDtype() throws IOException {
        Path f = dir.resolve("b.npy");
        NpyFile.write(f, "|b1", List.of(3L), ByteBuffer.wrap(new byte[] {1, 0, 1}));
        String dict = "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }";
        byte[] expected = npy(1, 118, dict + " ".repeat(118 - dict.length() - 1) + "\n", new byte[] {1, 0, 1});
        assertArrayEquals(expected, Files.readAllBytes(f));
        assertEquals("|b1", NpyFile.readHeader(f).descr());
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> NpyFile.write(dir.resolve("c.npy"), "<c8", List.of(1L), ByteBuffer.allocate(8)));
        assertTrue(bad.getMessage().contains("unsupported dtype '<c8'"), bad.getMessage());
    }

    @Test
    void everyDtypeRoundTrips() {
        for (TensorDataType type : TensorDataType.values()) {
            if (type == TensorDataType.UNKNOWN || type == TensorDataType.UINT4 || type == TensorDataType.INT4) {
                assertThrows(IllegalArgumentException.class, () -> NpyFile.descrOf(type));
                continue;
            }
            byte[] data = new byte[2 * 3 * type.sizeInBytes()];
            for (int i = 0; i < data.length; i++) {
                data[i] = (byte) (i * 37 + type.code());
            }
            Path f = dir.resolve(type + ".npy");
            NpyFile.write(f, type, List.of(2L, 1L, 3L), ByteBuffer.wrap(data));
            NpyFile.Array back = NpyFile.read(f);
            assertEquals(type, back.dataType());
            assertEquals(List.of(2L, 1L, 3L), back.shape());
            byte[] read = new byte[back.data().remaining()];
            back.data().get(read);
            assertArrayEquals(data, read, type.name());
        }
        assertThrows(IllegalArgumentException.class,
                () -> NpyFile.write(dir.resolve("x.npy"), TensorDataType.INT32, List.of(2L), ByteBuffer.allocate(4)));
    }

    @Test
    void modelFilesResolveAndCheckNpySources(@TempDir Path modelDir) throws IOException {
        Files.createDirectories(modelDir.resolve("data"));
        Files.write(modelDir.resolve("data/i.npy"),
                npy(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", littleEndianInts(2, 0, 1)));
        Files.write(modelDir.resolve("data/lies.npy"),
                npy(1, "{'descr': '<u4', 'fortran_order': False, 'shape': (3,), }", littleEndianInts(2, 0)));
        String template = "{\"resources\": {\"I\": {\"initialValuesDataType\": \"%s\",\n"
                + "  \"initialValues\": {\"sourcePath\": \"%s\"}}}, \"dispatchables\": {}, \"commands\": []}";
        Path good = modelDir.resolve("good.json");
        Files.writeString(good, String.format(template, "UINT32", "data/i.npy"));
        ModelFile model = ModelFiles.read(good);
        ByteBuffer bytes = ResourceData.materialize(model.resources().get("I"), SourceFolders.of(modelDir));
        assertEquals(12, bytes.remaining());
        assertEquals(2, bytes.getInt(0));
        assertEquals(1, bytes.getInt(8));

        Path wrongType = modelDir.resolve("wrong.json");
        Files.writeString(wrongType, String.format(template, "INT32", "data/i.npy"));
        assertEquals("resources.I.initialValues.sourcePath: data/i.npy holds dtype '<u4' (UINT32) but"
                + " initialValuesDataType is INT32 (line 2, column 35)",
                assertThrows(ModelFormatException.class, () -> ModelFiles.read(wrongType)).getMessage());

        Path lying = modelDir.resolve("lying.json");
        Files.writeString(lying, String.format(template, "UINT32", "data/lies.npy"));
        String message = assertThrows(ModelFormatException.class, () -> ModelFiles.read(lying)).getMessage();
        assertTrue(message.startsWith("resources.I.initialValues.sourcePath: "), message);
        assertTrue(message.contains("lies.npy: header lies about its size: shape (3,) of <u4 needs 12 bytes of data"
                + " but the file holds 8 (line 2, column 35)"), message);

        // Parsed without a base directory, the file is checked when the bytes are made.
        ModelFile unchecked = ModelFiles.parse(String.format(template, "INT32", "data/i.npy"), null, "m");
        String late = assertThrows(ModelFormatException.class,
                () -> ResourceData.materialize(unchecked.resources().get("I"), SourceFolders.of(modelDir))).getMessage();
        assertTrue(late.contains("i.npy holds UINT32 data but initialValuesDataType is INT32"), late);
    }
}
