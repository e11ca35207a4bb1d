package dev.dmlemu.nativebridge.host;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The server side of the host protocol in Java, for tests only: run as a child process in place of
 * {@code dmlemu-host.exe}. It checks every request as the protocol says, decodes the desc blob through its
 * relocations, and runs GATHER_ELEMENTS on packed FLOAT32 tensors with UINT32 indices (enough for the docs example);
 * CREATE of any other operator succeeds without a kernel, and its EXECUTE fills each output buffer's u32 words with
 * the position of the output's binding among all bindings (inputs first), so tests see where each binding went. A
 * binding to no buffer must have offset and size 0. Arguments pick a misbehaviour:
 * {@code fail-fast-on=TYPE} ends the process with code 9 in CREATE of that operator type, {@code hang-on-execute}
 * starts a child process and never answers, {@code crash-on-execute} writes a CRASH line and exits 3,
 * {@code bad-magic} answers HELLO with the wrong magic.
 */
public final class FakeHost {

    private static final int E_INVALIDARG = 0x80070057;
    private final Map<Long, byte[]> operators = new HashMap<>();
    private long nextHandle = 1;
    private final String behaviour;

    private FakeHost(String behaviour) {
        this.behaviour = behaviour;
    }

    public static void main(String[] args) throws Exception {
        new FakeHost(args.length > 0 ? args[0] : "normal").serve(System.in, System.out);
    }

    private void serve(InputStream stdin, OutputStream stdout) throws Exception {
        DataInputStream in = new DataInputStream(stdin);
        while (true) {
            byte[] header = new byte[16];
            try {
                in.readFully(header);
            } catch (IOException e) {
                return;
            }
            ByteBuffer h = le(header);
            if (h.getInt() != HostProtocol.REQUEST_MAGIC) {
                respond(stdout, 2, utf8("bad magic"));
                continue;
            }
            int opcode = h.getInt();
            long length = h.getLong();
            if (length < 0 || length > HostProtocol.MAX_PAYLOAD - 1) {
                respond(stdout, 3, new byte[0]);
                return;
            }
            byte[] payload = new byte[(int) length];
            in.readFully(payload);
            switch (opcode) {
                case 1 -> hello(stdout);
                case 2 -> create(stdout, le(payload));
                case 3 -> execute(stdout, le(payload));
                case 4 -> {
                    long handle = le(payload).getLong();
                    respond(stdout, operators.remove(handle) == null ? 4 : 0, new byte[0]);
                }
                case 5 -> {
                    respond(stdout, 0, new byte[0]);
                    System.exit(0);
                }
                default -> respond(stdout, 2, utf8("unknown opcode " + opcode));
            }
        }
    }

    private void hello(OutputStream out) throws IOException {
        if (behaviour.equals("bad-magic")) {
            out.write(new byte[16]);
            out.flush();
            return;
        }
        ByteBuffer b = le(new byte[4096]);
        // FLOAT32, UINT32, UINT8, INT32, INT8, FLOAT64, UINT64, INT64: what the Wine CPU device reports.
        int mask = (1 << 1) | (1 << 3) | (1 << 5) | (1 << 6) | (1 << 8) | (1 << 9) | (1 << 10) | (1 << 11);
        b.putInt(1).putInt(0x6400).putInt(0xb000).putInt(0x51).putInt(mask);
        for (String s : new String[] {"Fake adapter", "1.15.4", "C:\\fake\\DirectML.dll"}) {
            byte[] bytes = utf8(s);
            b.putInt(bytes.length).put(bytes);
        }
        respond(out, 0, java.util.Arrays.copyOf(b.array(), b.position()));
    }

    private void create(OutputStream out, ByteBuffer p) throws IOException {
        int mode = p.getInt();
        p.getInt();
        int count = p.getInt();
        long[] relocations = new long[count];
        for (int i = 0; i < count; i++) {
            relocations[i] = Integer.toUnsignedLong(p.getInt());
        }
        long size = p.getLong();
        if (size != p.remaining()) {
            respond(out, 2, utf8("blobSize " + size + " but " + p.remaining() + " bytes follow"));
            return;
        }
        byte[] blob = new byte[(int) size];
        p.get(blob);
        ByteBuffer b = le(blob);
        for (long r : relocations) {
            if (r % 8 != 0 || r + 8 > size || b.getLong((int) r) >= size || b.getLong((int) r) < 0) {
                respond(out, 2, utf8("bad relocation " + r));
                return;
            }
        }
        int type = b.getInt(0);
        if (behaviour.equals("fail-fast-on=" + type)) {
            System.exit(9);
        }
        int hresult = 0;
        if (type == 107) {
            long op = b.getLong(8);
            long input = b.getLong((int) b.getLong((int) op) + 8);
            int axis = b.getInt((int) op + 24);
            if (axis >= b.getInt((int) input + 8)) {
                hresult = E_INVALIDARG;
            }
        }
        long handle = 0;
        if (hresult == 0 && mode == 1) {
            handle = nextHandle++;
            operators.put(handle, blob);
        }
        ByteBuffer r = le(new byte[32]);
        r.putInt(hresult == 0 ? 0 : 1).putInt(hresult).putLong(handle).putLong(0).putLong(0);
        respond(out, 0, r.array());
    }

    private void execute(OutputStream out, ByteBuffer p) throws Exception {
        if (behaviour.equals("hang-on-execute")) {
            Process child = new ProcessBuilder("sleep", "600").start();
            System.err.println("CHILD " + child.pid());
            System.err.flush();
            Thread.sleep(600_000);
        }
        if (behaviour.equals("crash-on-execute")) {
            System.err.println("CRASH code=0xc0000005 address=0x00007f001234 module=DirectML.dll+0x8ea2d");
            System.err.flush();
            System.exit(3);
        }
        long handle = p.getLong();
        int inputs = p.getInt();
        int outputs = p.getInt();
        int count = p.getInt();
        int[] bound = new int[inputs + outputs];
        for (int i = 0; i < bound.length; i++) {
            bound[i] = p.getInt();
            p.getInt();
            long offset = p.getLong();
            long size = p.getLong();
            if (bound[i] == HostProtocol.NO_BUFFER && (offset != 0 || size != 0)) {
                respond(out, 2, utf8("binding " + i + " names no buffer but has offset or size"));
                return;
            }
        }
        byte[][] buffers = new byte[count][];
        boolean[] readBack = new boolean[count];
        for (int i = 0; i < count; i++) {
            long size = p.getLong();
            int flags = p.getInt();
            p.getInt();
            buffers[i] = new byte[(int) size];
            if ((flags & 1) != 0) {
                p.get(buffers[i]);
            }
            readBack[i] = (flags & 2) != 0;
        }
        byte[] blob = operators.get(handle);
        if (blob == null) {
            respond(out, 4, new byte[0]);
            return;
        }
        if (le(blob).getInt(0) == 107) {
            gatherElements(le(blob), le(buffers[bound[0]]), le(buffers[bound[1]]), le(buffers[bound[2]]));
        } else {
            for (int i = inputs; i < bound.length; i++) {
                if (bound[i] != HostProtocol.NO_BUFFER) {
                    ByteBuffer output = le(buffers[bound[i]]);
                    while (output.remaining() >= 4) {
                        output.putInt(i);
                    }
                }
            }
        }
        ByteBuffer r = le(new byte[8 + java.util.Arrays.stream(buffers).mapToInt(x -> x.length + 8).sum()]);
        r.putInt(0).putInt(0);
        for (int i = 0; i < count; i++) {
            if (readBack[i]) {
                r.putLong(buffers[i].length).put(buffers[i]);
            }
        }
        respond(out, 0, java.util.Arrays.copyOf(r.array(), r.position()));
    }

    /** Packed FLOAT32 input, UINT32 indices: out[i] = in[i with its axis coordinate replaced by indices[i]]. */
    private static void gatherElements(ByteBuffer blob, ByteBuffer input, ByteBuffer indices, ByteBuffer output) {
        int op = (int) blob.getLong(8);
        long[] in = sizes(blob, (int) blob.getLong(op));
        long[] out = sizes(blob, (int) blob.getLong(op + 16));
        int axis = blob.getInt(op + 24);
        long count = 1;
        for (long s : out) {
            count *= s;
        }
        for (int e = 0; e < count; e++) {
            long rem = e;
            long offset = 0;
            long inStride = 1;
            long[] coords = new long[out.length];
            for (int d = out.length - 1; d >= 0; d--) {
                coords[d] = rem % out[d];
                rem /= out[d];
            }
            coords[axis] = Integer.toUnsignedLong(indices.getInt(4 * e));
            for (int d = in.length - 1; d >= 0; d--) {
                offset += coords[d] * inStride;
                inStride *= in[d];
            }
            output.putFloat(4 * e, input.getFloat((int) (4 * offset)));
        }
    }

    private static long[] sizes(ByteBuffer blob, int tensorDesc) {
        int buffer = (int) blob.getLong(tensorDesc + 8);
        int dims = blob.getInt(buffer + 8);
        int sizes = (int) blob.getLong(buffer + 16);
        long[] result = new long[dims];
        for (int i = 0; i < dims; i++) {
            result[i] = Integer.toUnsignedLong(blob.getInt(sizes + 4 * i));
        }
        return result;
    }

    private static void respond(OutputStream out, int status, byte[] payload) throws IOException {
        ByteBuffer h = le(new byte[16]);
        h.putInt(HostProtocol.RESPONSE_MAGIC).putInt(status).putLong(payload.length);
        out.write(h.array());
        out.write(payload);
        out.flush();
    }

    private static ByteBuffer le(byte[] bytes) {
        return ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
