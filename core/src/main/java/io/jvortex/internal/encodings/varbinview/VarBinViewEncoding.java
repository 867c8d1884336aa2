package io.jvortex.internal.encodings.varbinview;

import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.spi.ArrayNode;
import io.jvortex.spi.DecodeContext;
import io.jvortex.spi.Encoding;
import io.jvortex.spi.PointAccess;
import io.jvortex.internal.encodings.varbin.Utf8;
import io.jvortex.internal.encodings.varbin.VarBinEncoding;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * {@code vortex.varbinview}: Arrow-style 16-byte string views. Decoding is zero-copy after every view
 * has been checked; only when a null row carries a view that points nowhere are the views copied,
 * with that view replaced by an empty one. Taking rows copies only their views.
 */
public final class VarBinViewEncoding implements Encoding, PointAccess {
    /** The encoding id. */
    public static final String ID = "vortex.varbinview";

    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    private static final int VIEW_BYTES = 16;

    // Problems a view can have; OK = none.
    private static final int OK = 0;
    private static final int BAD_BUFFER = 1;
    private static final int OUT_OF_BOUNDS = 2;
    private static final int BAD_PREFIX = 3;
    private static final int BAD_UTF8 = 4;
    private static final int TOO_LONG = 5;

    /** Creates the (stateless) encoding; the registry holds one instance. */
    public VarBinViewEncoding() {
    }

    @Override
    public String id() {
        return ID;
    }

    /** The checked pieces of a node: whether it holds UTF-8, its views buffer and its data buffers. */
    private record Parts(boolean utf8, MemorySegment views, MemorySegment[] data) {
    }

    private static Parts parts(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        boolean utf8 = VarBinEncoding.expectString(node, dtype);
        if (node.metadata().byteSize() != 0) {
            throw node.error("metadata must be empty, got " + node.metadata().byteSize() + " bytes");
        }
        int bufferCount = node.bufferCount();
        if (bufferCount < 1) {
            throw node.error("has no buffers, expected the data buffers followed by the views buffer");
        }
        MemorySegment views = ctx.bufferOfSize(node, bufferCount - 1, (long) VIEW_BYTES * length);
        MemorySegment[] data = new MemorySegment[bufferCount - 1];
        for (int b = 0; b < data.length; b++) {
            data[b] = node.buffer(b);
        }
        ctx.expectChildren(node, 0, 1);
        return new Parts(utf8, views, data);
    }

    @Override
    public Canonical decode(ArrayNode node, DType dtype, int length, DecodeContext ctx) {
        Parts parts = parts(node, dtype, length, ctx);
        boolean utf8 = parts.utf8();
        MemorySegment views = parts.views();
        MemorySegment[] data = parts.data();
        Validity validity = ctx.validity(node, 0, dtype.nullable(), length);

        int firstBad = firstBadView(views, data, length, utf8, 0);
        if (firstBad >= 0) {
            views = repairNullViews(node, views, data, length, utf8, validity, firstBad, ctx);
        }
        return new VarBinViewArray(dtype, views, Arrays.asList(data), length, validity);
    }

    /**
     * Copies the views of the requested rows; the result keeps referencing the node's data buffers.
     * Only the taken views are checked, as {@link #decode} checks every view: an unusable view is an
     * error for a valid row and replaced by an empty view for a null row.
     */
    @Override
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices, DecodeContext ctx) {
        Parts parts = parts(node, dtype, length, ctx);
        boolean utf8 = parts.utf8();
        MemorySegment views = parts.views();
        MemorySegment[] data = parts.data();
        int n = indices.length;
        Validity validity = ctx.takeValidity(node, 0, dtype.nullable(), length, indices);
        MemorySegment taken = ctx.allocate((long) VIEW_BYTES * n);
        for (int k = 0; k < n; k++) {
            MemorySegment.copy(views, (long) VIEW_BYTES * indices[k], taken, (long) VIEW_BYTES * k, VIEW_BYTES);
        }
        for (int k = 0; k < n; k++) {
            if (check(taken, data, k, utf8) != OK) {
                if (validity.isValid(k)) {
                    throw node.error("view of row " + indices[k] + " " + describe(taken, data, k, utf8));
                }
                taken.asSlice((long) VIEW_BYTES * k, VIEW_BYTES).fill((byte) 0);
            }
        }
        return new VarBinViewArray(dtype, taken, Arrays.asList(data), n, validity);
    }

    /** @return the first row at or after {@code from} whose view is unusable, or -1 */
    private static int firstBadView(MemorySegment views, MemorySegment[] data, int length, boolean utf8, int from) {
        for (int i = from; i < length; i++) {
            if (check(views, data, i, utf8) != OK) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Checks one view: inline views need only valid UTF-8; reference views need an existing buffer,
     * an in-bounds range, a prefix equal to the value's first four bytes (as the reference checks),
     * and valid UTF-8.
     */
    private static int check(MemorySegment views, MemorySegment[] data, int i, boolean utf8) {
        long v = (long) VIEW_BYTES * i;
        long size = Integer.toUnsignedLong(views.get(INT, v));
        if (size <= VarBinViewArray.MAX_INLINE) {
            return !utf8 || Utf8.isValid(views, v + 4, v + 4 + size) ? OK : BAD_UTF8;
        }
        if (size > Integer.MAX_VALUE) {
            return TOO_LONG;
        }
        long bufferIndex = Integer.toUnsignedLong(views.get(INT, v + 8));
        if (bufferIndex >= data.length) {
            return BAD_BUFFER;
        }
        MemorySegment buffer = data[(int) bufferIndex];
        long offset = Integer.toUnsignedLong(views.get(INT, v + 12));
        if (offset + size > buffer.byteSize()) {
            return OUT_OF_BOUNDS;
        }
        if (views.get(INT, v + 4) != buffer.get(INT, offset)) {
            return BAD_PREFIX;
        }
        return !utf8 || Utf8.isValid(buffer, offset, offset + size) ? OK : BAD_UTF8;
    }

    /**
     * The rare path: a view failed its check. That is an error for a valid row; for a null row (whose
     * view the reference never validates) the views are copied and the view replaced by an empty one,
     * so that every view of the decoded array can be followed.
     */
    private static MemorySegment repairNullViews(ArrayNode node, MemorySegment views, MemorySegment[] data, int length,
                                                 boolean utf8, Validity validity, int firstBad, DecodeContext ctx) {
        MemorySegment copy = null;
        for (int i = firstBad; i >= 0; i = firstBadView(views, data, length, utf8, i + 1)) {
            if (validity.isValid(i)) {
                throw node.error("view of row " + i + " " + describe(views, data, i, utf8));
            }
            if (copy == null) {
                copy = ctx.allocate(views.byteSize());
                copy.copyFrom(views);
            }
            copy.asSlice((long) VIEW_BYTES * i, VIEW_BYTES).fill((byte) 0);
        }
        return copy;
    }

    private static String describe(MemorySegment views, MemorySegment[] data, int i, boolean utf8) {
        long v = (long) VIEW_BYTES * i;
        long size = Integer.toUnsignedLong(views.get(INT, v));
        long bufferIndex = Integer.toUnsignedLong(views.get(INT, v + 8));
        long offset = Integer.toUnsignedLong(views.get(INT, v + 12));
        return switch (check(views, data, i, utf8)) {
            case BAD_BUFFER -> "references data buffer " + bufferIndex + ", expected 0.." + (data.length - 1)
                    + " (" + data.length + " data buffers)";
            case OUT_OF_BOUNDS -> "covers bytes [" + offset + ", " + (offset + size) + ") of data buffer " + bufferIndex
                    + ", which has " + data[(int) bufferIndex].byteSize() + " bytes";
            case BAD_PREFIX -> "has a prefix that differs from the first 4 bytes of its value";
            case BAD_UTF8 -> "holds a value of " + size + " bytes that is not valid UTF-8";
            case TOO_LONG -> "has size " + size + ", larger than the " + Integer.MAX_VALUE + "-byte limit per value";
            default -> "is invalid";
        };
    }
}
