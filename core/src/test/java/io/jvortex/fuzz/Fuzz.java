package io.jvortex.fuzz;

import io.jvortex.api.Chunk;
import io.jvortex.api.ReaderOptions;
import io.jvortex.api.ScanIterator;
import io.jvortex.testutil.Walk;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * What the fuzz targets share: the reader options they open files with, and a cursor over the
 * structured part of an input.
 *
 * <p>A target is a class with a static {@code fuzzerTestOneInput(byte[])}, the entry point Jazzer's
 * driver calls ({@code scripts/fuzz}) and {@link FuzzRegressionTest} replays. A target catches the
 * exceptions its code documents for bad input ({@code VortexException} for file bytes) and lets
 * everything else escape: an escaping exception, an {@link OutOfMemoryError} or a timeout is a
 * finding.
 */
final class Fuzz {
    /**
     * A decoded-size budget small enough that a lying length cannot make an input allocate much,
     * big enough for every seed file.
     */
    static final long MAX_DECODED_BYTES = 64L << 20;

    static final ReaderOptions OPTIONS = ReaderOptions.defaults().withMaxDecodedBytes(MAX_DECODED_BYTES);

    private Fuzz() {
    }

    /**
     * Reads every chunk of a scan and folds its values.
     *
     * @param it the scan
     * @return a checksum of the rows
     */
    static long drain(ScanIterator it) {
        long sum = 0;
        try (it) {
            while (it.hasNext()) {
                try (Chunk c = it.next()) {
                    sum = sum * 31 + Walk.checksum(c.rawArray());
                }
            }
        }
        return sum;
    }

    /**
     * Builds an input of a length-prefixed control part and a payload, the layout {@link Input}
     * reads with {@link Input#control()} and {@link Input#rest()}.
     *
     * @param control control bytes, at most 255
     * @param payload the payload
     * @return the input
     */
    static byte[] withControl(byte[] control, byte[] payload) {
        byte[] out = new byte[1 + control.length + payload.length];
        out[0] = (byte) control.length;
        System.arraycopy(control, 0, out, 1, control.length);
        System.arraycopy(payload, 0, out, 1 + control.length, payload.length);
        return out;
    }

    /** A little-endian cursor that yields zeros past the end, so every input is well formed. */
    static final class Input {
        private final byte[] data;
        private int pos;

        Input(byte[] data) {
            this.data = data;
        }

        int u8() {
            return pos < data.length ? data[pos++] & 0xFF : 0;
        }

        int u16() {
            return u8() | u8() << 8;
        }

        int i32() {
            return u16() | u16() << 16;
        }

        long i64() {
            return (i32() & 0xFFFF_FFFFL) | (long) i32() << 32;
        }

        /**
         * @param n bytes wanted
         * @return up to {@code n} bytes, fewer at the end
         */
        byte[] bytes(int n) {
            int take = Math.max(0, Math.min(n, data.length - pos));
            byte[] out = Arrays.copyOfRange(data, pos, pos + take);
            pos += take;
            return out;
        }

        /** @return the control part: a length byte and that many bytes */
        Input control() {
            return new Input(bytes(u8()));
        }

        /** @return what is left */
        byte[] rest() {
            return bytes(data.length - pos);
        }

        boolean atEnd() {
            return pos >= data.length;
        }
    }

    /**
     * Appends a little-endian int.
     *
     * @param buf where
     * @param v the value
     */
    static void putInt(ByteBuffer buf, int v) {
        buf.order(ByteOrder.LITTLE_ENDIAN).putInt(v);
    }
}
