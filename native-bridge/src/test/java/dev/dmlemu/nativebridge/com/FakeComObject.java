package dev.dmlemu.nativebridge.com;

import com.sun.jna.Callback;
import com.sun.jna.CallbackReference;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A COM object made in native memory: an object whose first word points to a vtable of JNA callbacks. AddRef
 * (slot 1) and Release (slot 2) count; every other slot answers E_NOTIMPL until {@link #setSlot} replaces it.
 * Runs on any OS JNA supports, so the COM plumbing can be tested on Linux.
 */
public final class FakeComObject {

    /** {@code ULONG (IUnknown* this)}, also used for any method taking only {@code this}. */
    public interface ThisOnly extends Callback {
        int invoke(Pointer self);
    }

    /** {@code HRESULT/void (this, void* a)}. */
    public interface OnePointer extends Callback {
        int invoke(Pointer self, Pointer first);
    }

    private final Memory vtable;
    private final Memory object;
    private final List<Callback> callbacks = new ArrayList<>(); // JNA callbacks must stay reachable
    private final AtomicInteger references = new AtomicInteger(1);
    private final AtomicInteger addRefCalls = new AtomicInteger();
    private final AtomicInteger releaseCalls = new AtomicInteger();

    public FakeComObject(int slotCount) {
        vtable = new Memory((long) slotCount * Native.POINTER_SIZE);
        object = new Memory(Native.POINTER_SIZE);
        object.setPointer(0, vtable);
        ThisOnly notImplemented = self -> HResult.E_NOTIMPL;
        for (int slot = 0; slot < slotCount; slot++) {
            setSlot(slot, notImplemented);
        }
        setSlot(ComObject.SLOT_ADD_REF, (ThisOnly) self -> {
            addRefCalls.incrementAndGet();
            return references.incrementAndGet();
        });
        setSlot(ComObject.SLOT_RELEASE, (ThisOnly) self -> {
            releaseCalls.incrementAndGet();
            return references.decrementAndGet();
        });
    }

    public void setSlot(int slot, Callback callback) {
        callbacks.add(callback);
        vtable.setPointer((long) slot * Native.POINTER_SIZE, CallbackReference.getFunctionPointer(callback));
    }

    /** The interface pointer ({@code this}). */
    public Pointer pointer() {
        return object;
    }

    public int references() {
        return references.get();
    }

    public int addRefCalls() {
        return addRefCalls.get();
    }

    public int releaseCalls() {
        return releaseCalls.get();
    }
}
