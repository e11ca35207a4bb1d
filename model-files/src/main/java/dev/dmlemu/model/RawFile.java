package dev.dmlemu.model;

import dev.dmlemu.desc.TensorDataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * A raw {@code .dat} or {@code .bin} initializer: the file's bytes are the buffer's initial data, as DxDispatch reads
 * any {@code sourcePath} that is not a {@code .npy} or image file. It has no header, so its size is all there is to
 * check: it must hold at least one element and whole elements of the resource's type.
 */
public final class RawFile {

    private RawFile() {}

    /**
     * The file's size in bytes, checked against {@code type}.
     *
     * @param file a path {@link SourceFolders#locate} returned
     * @throws ModelFormatException naming the file, when it is empty, not whole elements, or unreadable
     */
    public static long dataSize(Path file, String sourcePath, TensorDataType type) {
        long size;
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile()) {
                throw fail(sourcePath, "is not a regular file; only regular files are read");
            }
            size = attributes.size();
        } catch (IOException e) {
            throw fail(sourcePath, "cannot be read: " + FileErrors.describe(e));
        }
        if (size == 0) {
            throw fail(sourcePath, "is empty; initial values must be non-empty");
        }
        // A byte holds whole UINT4/INT4 elements (two, packed), so only wider types can leave a partial element.
        long bits = type.sizeInBits();
        if (bits >= 8 && size % (bits / 8) != 0) {
            throw fail(sourcePath, "has " + size + " bytes, not a whole number of " + type.name() + " elements ("
                    + bits / 8 + " bytes each)");
        }
        return size;
    }

    /**
     * The elements of {@code type} in {@code size} bytes (from {@link #dataSize}): two per byte for the 4-bit types;
     * {@link Long#MAX_VALUE} when that count would not fit in a long.
     */
    public static long elementCount(long size, TensorDataType type) {
        long bits = type.sizeInBits();
        if (bits >= 8) {
            return size / (bits / 8);
        }
        long perByte = 8 / bits;
        return size > Long.MAX_VALUE / perByte ? Long.MAX_VALUE : size * perByte;
    }

    /** Reads exactly {@code size} bytes (from {@link #dataSize}) into {@code target} from its position on. */
    static void read(Path file, String sourcePath, long size, ByteBuffer target) {
        if (target.remaining() < size) {
            throw new IllegalArgumentException(size + " bytes do not fit in " + target.remaining());
        }
        ByteBuffer data = target.duplicate();
        data.limit(data.position() + (int) size);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            if (channel.size() != size) {
                throw fail(sourcePath, "changed size since it was first read (" + size + " bytes, now "
                        + channel.size() + ")");
            }
            while (data.hasRemaining() && channel.read(data) >= 0) {
                // keep reading
            }
        } catch (IOException e) {
            throw fail(sourcePath, "cannot be read: " + FileErrors.describe(e));
        }
        if (data.hasRemaining()) {
            throw fail(sourcePath, "shrank while it was read");
        }
    }

    private static ModelFormatException fail(String sourcePath, String detail) {
        return new ModelFormatException(sourcePath, "", ModelFormatException.NO_POSITION,
                ModelFormatException.NO_POSITION, "'" + sourcePath + "' " + detail);
    }
}
