package io.jvortex.arrow;

import io.jvortex.error.VortexException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A bounds-checked FlatBuffers reader over a byte array, for the Arrow IPC metadata. Every offset is checked
 * before it is followed: a corrupt buffer gives a {@link VortexException} naming {@code what} and the offset.
 */
final class FbReader {
    private final byte[] buf;
    private final int base;
    private final int end;
    private final String what;

    /**
     * @param buf the bytes
     * @param base where the flatbuffer starts in {@code buf}
     * @param length its length
     * @param what what it is, for error messages (e.g. {@code Arrow schema message})
     */
    FbReader(byte[] buf, int base, int length, String what) {
        if (base < 0 || length < 0 || base + length > buf.length) {
            throw new VortexException(what + ": " + length + " bytes at " + base + " outside a " + buf.length
                    + "-byte buffer");
        }
        this.buf = buf;
        this.base = base;
        this.end = base + length;
        this.what = what;
    }

    /** @return the root table */
    Tbl root() {
        return table(base);
    }

    VortexException error(int at, String problem) {
        return new VortexException(what + ": " + problem + " (at byte " + (at - base) + ")");
    }

    private void need(int at, long n) {
        if (at < base || n < 0 || at + n > end) {
            throw error(at, "reference to " + n + " bytes at " + (at - base) + " outside the " + (end - base)
                    + "-byte flatbuffer");
        }
    }

    int i32(int at) {
        need(at, 4);
        return (buf[at] & 0xFF) | (buf[at + 1] & 0xFF) << 8 | (buf[at + 2] & 0xFF) << 16 | (buf[at + 3] & 0xFF) << 24;
    }

    long i64(int at) {
        return (i32(at) & 0xFFFFFFFFL) | ((long) i32(at + 4) << 32);
    }

    int u16(int at) {
        need(at, 2);
        return (buf[at] & 0xFF) | (buf[at + 1] & 0xFF) << 8;
    }

    int u8(int at) {
        need(at, 1);
        return buf[at] & 0xFF;
    }

    /** Follows the uoffset stored at {@code at}. */
    private int deref(int at) {
        long target = at + (i32(at) & 0xFFFFFFFFL);
        if (target >= end) {
            throw error(at, "offset points past the end of the flatbuffer");
        }
        return (int) target;
    }

    private Tbl table(int refAt) {
        int pos = deref(refAt);
        long vt = pos - (long) i32(pos);
        if (vt < base || vt + 4 > end) {
            throw error(pos, "vtable outside the flatbuffer");
        }
        int vtLen = u16((int) vt);
        if (vtLen < 4 || (vtLen & 1) != 0 || vt + vtLen > end) {
            throw error((int) vt, "invalid vtable length " + vtLen);
        }
        return new Tbl(pos, (int) vt, vtLen, u16((int) vt + 2));
    }

    /** One table. */
    final class Tbl {
        private final int pos;
        private final int vtable;
        private final int vtableLength;
        private final int tableLength;

        private Tbl(int pos, int vtable, int vtableLength, int tableLength) {
            this.pos = pos;
            this.vtable = vtable;
            this.vtableLength = vtableLength;
            this.tableLength = tableLength;
            need(pos, tableLength);
        }

        /** @return the absolute position of a field, or -1 when absent */
        private int field(int slot, int width) {
            int entry = 4 + 2 * slot;
            if (entry + 2 > vtableLength) {
                return -1;
            }
            int off = u16(vtable + entry);
            if (off == 0) {
                return -1;
            }
            if (off + width > tableLength) {
                throw error(pos, "field " + slot + " lies outside its " + tableLength + "-byte table");
            }
            return pos + off;
        }

        boolean has(int slot) {
            return field(slot, 1) >= 0;
        }

        boolean bool(int slot, boolean dflt) {
            int at = field(slot, 1);
            return at < 0 ? dflt : FbReader.this.u8(at) != 0;
        }

        int u8(int slot, int dflt) {
            int at = field(slot, 1);
            return at < 0 ? dflt : FbReader.this.u8(at);
        }

        int i16(int slot, int dflt) {
            int at = field(slot, 2);
            return at < 0 ? dflt : (short) u16(at);
        }

        int i32(int slot, int dflt) {
            int at = field(slot, 4);
            return at < 0 ? dflt : FbReader.this.i32(at);
        }

        long i64(int slot, long dflt) {
            int at = field(slot, 8);
            return at < 0 ? dflt : FbReader.this.i64(at);
        }

        /** @return the child table, or null when absent */
        Tbl table(int slot) {
            int at = field(slot, 4);
            return at < 0 ? null : FbReader.this.table(at);
        }

        /** @return the string, or null when absent */
        String string(int slot) {
            int at = field(slot, 4);
            if (at < 0) {
                return null;
            }
            int s = deref(at);
            int len = FbReader.this.i32(s);
            need(s + 4, len & 0xFFFFFFFFL);
            try {
                return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(java.nio.ByteBuffer.wrap(buf, s + 4, len)).toString();
            } catch (CharacterCodingException e) {
                throw error(s, "string is not valid UTF-8");
            }
        }

        /** @return the number of elements of a vector field (0 when absent); checks they fit */
        int vectorLength(int slot, int elementWidth) {
            int at = field(slot, 4);
            if (at < 0) {
                return 0;
            }
            int v = deref(at);
            long len = FbReader.this.i32(v) & 0xFFFFFFFFL;
            need(v + 4, len * elementWidth);
            return (int) len;
        }

        /** @return the absolute position of element {@code i} of a vector of structs or scalars */
        int vectorElement(int slot, int i, int elementWidth) {
            int v = deref(field(slot, 4));
            return v + 4 + i * elementWidth;
        }

        /** @return element {@code i} of a vector of tables */
        Tbl tableElement(int slot, int i) {
            int v = deref(field(slot, 4));
            return FbReader.this.table(v + 4 + 4 * i);
        }

        /** @return the bytes of a ubyte vector field (empty when absent) */
        byte[] bytes(int slot) {
            int n = vectorLength(slot, 1);
            if (n == 0) {
                return new byte[0];
            }
            int at = vectorElement(slot, 0, 1);
            return java.util.Arrays.copyOfRange(buf, at, at + n);
        }

        /** @return the table's own position (relative to the flatbuffer), for error messages */
        int offset() {
            return pos - base;
        }
    }
}
