package dev.dmlemu.nativebridge.com;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jna.Pointer;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ComObjectTest {

    /** A wrapper with one named method in slot 3, as the real wrappers are written. */
    static final class Widget extends ComObject {
        Widget(Pointer pointer) {
            super(pointer, "IWidget");
        }

        void frob(Pointer argument) {
            call(3, "Frob", argument);
        }
    }

    @Test
    void closeReleasesExactlyOnceAndIsIdempotent() {
        FakeComObject fake = new FakeComObject(4);
        Widget widget = new Widget(fake.pointer());
        widget.close();
        widget.close();
        widget.close();
        assertEquals(1, fake.releaseCalls());
        assertEquals(0, fake.references());
        assertTrue(widget.isClosed());
    }

    @Test
    @SuppressWarnings("try") // the explicit close inside the block is the point of the test
    void tryWithResourcesAndAnExplicitCloseStillReleaseOnce() {
        FakeComObject fake = new FakeComObject(4);
        try (Widget widget = new Widget(fake.pointer())) {
            widget.close();
        }
        assertEquals(1, fake.releaseCalls());
    }

    @Test
    void useAfterCloseThrowsNamingTheInterface() {
        FakeComObject fake = new FakeComObject(4);
        Widget widget = new Widget(fake.pointer());
        widget.close();
        IllegalStateException pointer = assertThrows(IllegalStateException.class, widget::pointer);
        assertEquals("IWidget used after close", pointer.getMessage());
        assertThrows(IllegalStateException.class, () -> widget.frob(null));
        assertThrows(IllegalStateException.class, widget::addRef);
        assertEquals(1, fake.releaseCalls(), "no call reached the object after close");
    }

    @Test
    void addRefReturnsTheNewCount() {
        FakeComObject fake = new FakeComObject(4);
        Widget widget = new Widget(fake.pointer());
        assertEquals(2, widget.addRef());
        assertEquals(1, fake.addRefCalls());
        widget.close();
        assertEquals(1, fake.references(), "close gives back only the reference the wrapper adopted");
    }

    @Test
    void invokePassesThisFirstAndTheArgumentsInOrder() {
        FakeComObject fake = new FakeComObject(4);
        AtomicReference<Pointer> seenThis = new AtomicReference<>();
        AtomicReference<Pointer> seenArgument = new AtomicReference<>();
        fake.setSlot(3, (FakeComObject.OnePointer) (self, first) -> {
            seenThis.set(self);
            seenArgument.set(first);
            return HResult.S_OK;
        });
        Pointer argument = new Pointer(0x1234_5678L);
        try (Widget widget = new Widget(fake.pointer())) {
            widget.frob(argument);
        }
        assertEquals(Pointer.nativeValue(fake.pointer()), Pointer.nativeValue(seenThis.get()));
        assertEquals(0x1234_5678L, Pointer.nativeValue(seenArgument.get()));
    }

    @Test
    void aFailingHResultBecomesAnExceptionWithCodeNameAndCallSite() {
        FakeComObject fake = new FakeComObject(4);
        fake.setSlot(3, (FakeComObject.OnePointer) (self, first) -> HResult.E_INVALIDARG);
        try (Widget widget = new Widget(fake.pointer())) {
            NativeCallException e = assertThrows(NativeCallException.class, () -> widget.frob(null));
            assertEquals("IWidget::Frob failed: E_INVALIDARG (0x80070057)", e.getMessage());
            assertEquals(0x80070057, e.hresult());
            assertEquals("E_INVALIDARG", e.symbolicName());
            assertEquals("IWidget::Frob", e.callSite());
        }
    }

    @Test
    void sFalseIsASuccess() {
        FakeComObject fake = new FakeComObject(4);
        fake.setSlot(3, (FakeComObject.OnePointer) (self, first) -> HResult.S_FALSE);
        try (Widget widget = new Widget(fake.pointer())) {
            widget.frob(null);
            assertFalse(widget.isClosed());
        }
    }

    @Test
    void queryInterfaceAdoptsTheReturnedReference() {
        FakeComObject first = new FakeComObject(4);
        FakeComObject second = new FakeComObject(4);
        AtomicReference<byte[]> seenIid = new AtomicReference<>();
        first.setSlot(ComObject.SLOT_QUERY_INTERFACE, (QueryInterface) (self, riid, out) -> {
            seenIid.set(riid.getByteArray(0, 16));
            out.setPointer(0, second.pointer());
            return HResult.S_OK;
        });
        try (Widget widget = new Widget(first.pointer());
                Widget other = widget.queryInterface(Iids.IDML_DEVICE, Widget::new)) {
            assertEquals(Pointer.nativeValue(second.pointer()), Pointer.nativeValue(other.pointer()));
        }
        assertEquals(1, first.releaseCalls());
        assertEquals(1, second.releaseCalls());
        assertEquals(Iids.IDML_DEVICE.toString(), Guid.fromBytes(seenIid.get()).toString());
    }

    interface QueryInterface extends com.sun.jna.Callback {
        int invoke(Pointer self, Pointer riid, Pointer out);
    }

    @Test
    void aNullPointerIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Widget(null));
        assertEquals("null IWidget pointer", e.getMessage());
    }
}
