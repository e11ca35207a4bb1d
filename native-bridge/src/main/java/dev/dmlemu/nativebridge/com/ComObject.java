package dev.dmlemu.nativebridge.com;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.Structure;
import com.sun.jna.ptr.PointerByReference;
import java.util.Objects;

/**
 * One owned reference to a COM interface pointer. Every call into the object goes through {@link #invoke}, which
 * reads the function pointer from the object's vtable (slot {@code n} at {@code vtable + n * 8}) and calls it with
 * the interface pointer as the first argument, as C++ does for {@code this}.
 *
 * <p>Ownership: the constructor adopts one reference (COM out-parameters are returned already AddRef'ed, i.e.
 * {@code +1}); {@link #close()} gives it back with exactly one {@code Release}, then forgets the pointer. Closing
 * again does nothing; any other use after close throws {@link IllegalStateException}. Objects are never released
 * by the garbage collector: close them (try-with-resources).
 *
 * <p>Not thread-safe beyond {@code close()}: callers serialize their use of one object.
 */
public class ComObject implements AutoCloseable {

    /** {@code IUnknown::QueryInterface(REFIID, void**)}. */
    public static final int SLOT_QUERY_INTERFACE = 0;
    /** {@code IUnknown::AddRef()} returning the new count. */
    public static final int SLOT_ADD_REF = 1;
    /** {@code IUnknown::Release()} returning the new count. */
    public static final int SLOT_RELEASE = 2;

    private final String interfaceName;
    private volatile Pointer pointer;

    /**
     * Adopts one reference to {@code pointer}.
     *
     * @param interfaceName the C interface name used in messages, e.g. {@code IDMLDevice}
     * @throws IllegalArgumentException if the pointer is null
     */
    protected ComObject(Pointer pointer, String interfaceName) {
        this.interfaceName = Objects.requireNonNull(interfaceName, "interfaceName");
        if (pointer == null || Pointer.nativeValue(pointer) == 0) {
            throw new IllegalArgumentException("null " + interfaceName + " pointer");
        }
        this.pointer = pointer;
    }

    /** Wraps an interface pointer whose type needs no named methods; adopts one reference. */
    public static ComObject adopt(Pointer pointer, String interfaceName) {
        return new ComObject(pointer, interfaceName);
    }

    /** The C interface name, e.g. {@code IDMLDevice}. */
    public final String interfaceName() {
        return interfaceName;
    }

    /**
     * The raw interface pointer, to pass to another native call. It stays valid only while this object is open.
     *
     * @throws IllegalStateException after {@link #close()}
     */
    public final Pointer pointer() {
        Pointer current = pointer;
        if (current == null) {
            throw new IllegalStateException(interfaceName + " used after close");
        }
        return current;
    }

    public final boolean isClosed() {
        return pointer == null;
    }

    /**
     * The one vtable-invoker primitive: calls slot {@code slot} of this object's vtable with {@code this} prepended
     * to {@code args}. Arguments follow JNA's mapping ({@link Pointer}, {@code Integer} for UINT/enums, {@code Long}
     * for UINT64/SIZE_T, a {@link Structure} for a pointer to it).
     *
     * @param returnType {@code Integer.class} for HRESULT/ULONG/UINT, {@code Long.class} for UINT64,
     *     {@code Void.class} for void
     */
    public final Object invoke(int slot, Class<?> returnType, Object... args) {
        Pointer self = pointer();
        Pointer vtable = self.getPointer(0);
        Pointer entry = vtable.getPointer((long) slot * Native.POINTER_SIZE);
        // Windows x64 and arm64 have one calling convention; __stdcall is the C convention there.
        Function function = Function.getFunction(entry, Function.C_CONVENTION);
        Object[] withThis = new Object[args.length + 1];
        withThis[0] = self;
        System.arraycopy(args, 0, withThis, 1, args.length);
        return function.invoke(returnType, withThis);
    }

    /**
     * Calls a method that returns an HRESULT and throws if it failed.
     *
     * @param method the C method name, e.g. {@code CreateOperator}; the call site is {@code Interface::Method}
     * @throws NativeCallException for a failing HRESULT
     */
    protected final void call(int slot, String method, Object... args) {
        HResult.check(callForHResult(slot, args), callSite(method));
    }

    /** Calls a method that returns an HRESULT and gives it back unchecked, for callers that expect some failures. */
    protected final int callForHResult(int slot, Object... args) {
        return (Integer) invoke(slot, Integer.class, args);
    }

    /** Calls a method that returns {@code void}. */
    protected final void callVoid(int slot, Object... args) {
        invoke(slot, Void.class, args);
    }

    /**
     * Calls a method that returns a struct by value. The Windows x64 C++ ABI passes a hidden pointer to the result
     * as the first argument after {@code this} (docs/directml-behaviour.md §4.4); calling it as if it returned the
     * struct in registers reads garbage. The struct is read back from native memory after the call.
     */
    protected final <T extends Structure> T callReturningStruct(int slot, T result) {
        invoke(slot, Pointer.class, result.getPointer());
        result.read();
        return result;
    }

    /** {@code Interface::Method}, as messages spell a call site. */
    protected final String callSite(String method) {
        return interfaceName + "::" + method;
    }

    /** {@code IUnknown::AddRef}; returns the new count (for diagnostics only, as COM documents). */
    public final int addRef() {
        return (Integer) invoke(SLOT_ADD_REF, Integer.class);
    }

    /**
     * {@code IUnknown::QueryInterface}: the same object seen through another interface. The result holds its own
     * reference; the caller closes it.
     */
    public final <T extends ComObject> T queryInterface(Guid iid, java.util.function.Function<Pointer, T> wrap) {
        Memory riid = iid.toNative();
        PointerByReference out = new PointerByReference();
        call(SLOT_QUERY_INTERFACE, "QueryInterface", riid, out);
        return wrap.apply(out.getValue());
    }

    /** Releases the reference once; later calls do nothing. */
    @Override
    public final void close() {
        Pointer released;
        synchronized (this) {
            released = pointer;
            pointer = null;
        }
        if (released != null) {
            Pointer vtable = released.getPointer(0);
            Pointer entry = vtable.getPointer((long) SLOT_RELEASE * Native.POINTER_SIZE);
            Function.getFunction(entry, Function.C_CONVENTION).invoke(Integer.class, new Object[] {released});
        }
    }

    @Override
    public String toString() {
        Pointer current = pointer;
        return interfaceName + (current == null ? "[closed]" : "@0x" + Long.toHexString(Pointer.nativeValue(current)));
    }
}
