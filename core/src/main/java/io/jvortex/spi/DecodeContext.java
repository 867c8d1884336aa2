package io.jvortex.spi;

import io.jvortex.error.VortexException;
import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.OpaqueArray;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * What a decoder needs besides its node: the registry (to decode children), the arena decoded
 * buffers live in, the decoded-bytes budget that stops a hostile length field from sizing an
 * allocation, and the error helpers.
 *
 * <p>Not thread-safe: one context per decoding thread.
 */
public final class DecodeContext implements io.jvortex.array.Allocator {
    /** Largest row count of one decoded array. */
    public static final int MAX_ROWS = Integer.MAX_VALUE - 64;

    private static final DType.Bool VALIDITY_DTYPE = new DType.Bool(false);

    private final EncodingLookup registry;
    private final Arena arena;
    private final boolean allowUnknown;
    private long remainingBytes;

    /**
     * @param registry encodings to decode with
     * @param arena where decoded buffers are allocated
     * @param allowUnknown decode unknown ids to {@link OpaqueArray} instead of failing
     * @param maxDecodedBytes the most bytes this context may allocate in total
     */
    public DecodeContext(EncodingLookup registry, Arena arena, boolean allowUnknown, long maxDecodedBytes) {
        this.registry = Objects.requireNonNull(registry, "registry");
        this.arena = Objects.requireNonNull(arena, "arena");
        this.allowUnknown = allowUnknown;
        this.remainingBytes = maxDecodedBytes;
    }

    /** @return the arena decoded buffers are allocated in */
    public Arena arena() {
        return arena;
    }

    /**
     * Decodes a node with the encoding registered for its id, then checks that the result has the
     * requested dtype and length.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @return the canonical array
     */
    public Canonical decode(ArrayNode node, DType dtype, int length) {
        if (length < 0 || length > MAX_ROWS) {
            throw node.error("row count " + length + " outside 0.." + MAX_ROWS);
        }
        Encoding encoding = registry.find(node.encodingId());
        if (encoding == null) {
            if (allowUnknown) {
                return new OpaqueArray(node.encodingId(), dtype, length);
            }
            throw node.error("unknown array encoding '" + node.encodingId() + "' (for " + dtype.display()
                    + "); open the reader with allowUnknown to read around it");
        }
        Canonical out = guarded(node, () -> encoding.decode(node, dtype, length, this));
        if (out.length() != length) {
            throw node.error("decoded " + out.length() + " rows, expected " + length);
        }
        if (!(out instanceof OpaqueArray) && !out.dtype().equals(dtype)) {
            throw node.error("decoded " + out.dtype().display() + ", expected " + dtype.display());
        }
        return out;
    }

    /**
     * Runs one node's decoder, adding the node's place to its errors. Safety net: a decoder's
     * unchecked path that meets data its validation did not anticipate fails with a
     * {@link VortexException}, not a runtime exception.
     */
    private static <T> T guarded(ArrayNode node, java.util.function.Supplier<T> decoder) {
        try {
            return decoder.get();
        } catch (VortexException e) {
            throw e.withContext(node.source(), node.absoluteOffset(), node.path());
        } catch (IndexOutOfBoundsException | IllegalArgumentException | ArithmeticException
                 | NegativeArraySizeException | ClassCastException e) {
            throw new VortexException(node.source(), node.absoluteOffset(), node.path(),
                    "malformed " + node.encodingId() + " array: " + e.getMessage(), e);
        }
    }

    /**
     * Decodes only some positions of a node: through the encoding's {@link PointAccess} when it has
     * one, else by decoding the node and gathering.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @param indices positions in {@code [0, length)}, ascending (duplicates allowed)
     * @return {@code indices.length} rows
     */
    public Canonical take(ArrayNode node, DType dtype, int length, int[] indices) {
        if (length < 0 || length > MAX_ROWS) {
            throw node.error("row count " + length + " outside 0.." + MAX_ROWS);
        }
        for (int i = 0; i < indices.length; i++) {
            if (indices[i] < 0 || indices[i] >= length || (i > 0 && indices[i] < indices[i - 1])) {
                throw new IllegalArgumentException("take positions must be ascending in [0, " + length + "), got "
                        + indices[i] + " at " + i);
            }
        }
        Encoding encoding = registry.find(node.encodingId());
        if (!(encoding instanceof PointAccess point)) {
            return gather(decode(node, dtype, length), indices);
        }
        Canonical out = guarded(node, () -> point.take(node, dtype, length, indices, this));
        if (out.length() != indices.length || !out.dtype().equals(dtype)) {
            throw node.error("took " + out.length() + " rows of " + out.dtype().display() + ", expected "
                    + indices.length + " of " + dtype.display());
        }
        return out;
    }

    /**
     * Reads a node in the form its encoding offers filters ({@link EncodedFilter}), with the same
     * error context as a decode.
     *
     * @param node the node
     * @param dtype its logical type
     * @param length its row count
     * @return the encoded form, or null when the node's encoding has none (or is unknown)
     */
    public EncodedForm encodedForm(ArrayNode node, DType dtype, int length) {
        if (length < 0 || length > MAX_ROWS) {
            throw node.error("row count " + length + " outside 0.." + MAX_ROWS);
        }
        if (!(registry.find(node.encodingId()) instanceof EncodedFilter filter)) {
            return null;
        }
        return guarded(node, () -> filter.encodedForm(node, dtype, length, this));
    }

    /**
     * @param parent the parent node
     * @param index the child index
     * @param dtype the child's type
     * @param length the child's row count
     * @param indices positions, ascending
     * @return those rows of the child
     */
    public Canonical takeChild(ArrayNode parent, int index, DType dtype, int length, int[] indices) {
        return take(parent.child(index), dtype, length, indices);
    }

    /**
     * @param values decoded values
     * @param indices positions into them
     * @return {@code values[indices[i]]}
     */
    public Canonical gather(Canonical values, int[] indices) {
        MemorySegment idx = allocate(4L * indices.length);
        MemorySegment.copy(indices, 0, idx, java.lang.foreign.ValueLayout.JAVA_INT_UNALIGNED, 0, indices.length);
        return io.jvortex.array.Take.take(values, new io.jvortex.array.PrimitiveArray(
                new DType.Primitive(io.jvortex.dtype.PType.I32, false), idx, indices.length, Validity.ALL_VALID), this);
    }

    /**
     * @param parent the parent node
     * @param index the child index
     * @param dtype the child's type
     * @param length the child's row count
     * @return the decoded child
     */
    public Canonical decodeChild(ArrayNode parent, int index, DType dtype, int length) {
        return decode(parent.child(index), dtype, length);
    }

    /**
     * Decodes a child that must be a primitive array, e.g. offsets, codes or run ends.
     *
     * @param parent the parent node
     * @param index the child index
     * @param dtype the child's primitive type
     * @param length the child's row count
     * @return the decoded child
     */
    public io.jvortex.array.PrimitiveArray decodePrimitive(ArrayNode parent, int index, DType.Primitive dtype,
                                                           int length) {
        Canonical child = decodeChild(parent, index, dtype, length);
        if (!(child instanceof io.jvortex.array.PrimitiveArray p)) {
            throw parent.error("child " + index + " decoded to " + child.getClass().getSimpleName()
                    + ", expected primitive " + dtype.display());
        }
        return p;
    }

    /**
     * The validity of some positions of an array whose validity is an optional child.
     *
     * @param parent the parent node
     * @param index the child index where validity would be; absent when {@code >= childCount()}
     * @param nullable whether the parent's dtype is nullable
     * @param length the parent's rows
     * @param indices positions, ascending
     * @return the validity of {@code indices.length} rows
     */
    public Validity takeValidity(ArrayNode parent, int index, boolean nullable, int length, int[] indices) {
        if (index >= parent.childCount()) {
            return Validity.ALL_VALID;
        }
        if (!nullable) {
            throw parent.error("non-nullable array has a validity child");
        }
        Canonical bits = takeChild(parent, index, new DType.Bool(false), length, indices);
        if (!(bits instanceof io.jvortex.array.BoolArray b)) {
            throw parent.error("validity child decoded to " + bits.dtype().display() + ", expected bool");
        }
        return b.asValidity();
    }

    /**
     * Decodes an optional validity child ({@code Bool}, non-nullable, true = valid).
     *
     * @param parent the parent node
     * @param index the child index where validity would be; absent when {@code >= childCount()}
     * @param nullable whether the parent's dtype is nullable
     * @param length rows
     * @return the validity ({@link Validity#ALL_VALID} when absent)
     */
    public Validity validity(ArrayNode parent, int index, boolean nullable, int length) {
        if (index >= parent.childCount()) {
            return Validity.ALL_VALID;
        }
        if (!nullable) {
            throw parent.error("non-nullable array has a validity child");
        }
        Canonical child = decodeChild(parent, index, VALIDITY_DTYPE, length);
        if (!(child instanceof BoolArray bools)) {
            throw parent.error("validity child decoded to " + child.getClass().getSimpleName() + ", expected bool");
        }
        return bools.asValidity();
    }

    /**
     * Allocates a zeroed, 8-byte-aligned buffer within the decoded-bytes budget.
     *
     * @param bytes size
     * @return the buffer
     */
    @Override
    public MemorySegment allocate(long bytes) {
        reserve(bytes);
        return arena.allocate(Math.max(bytes, 1), 8).asSlice(0, bytes);
    }

    /**
     * Like {@link #allocate} for a buffer the decoder overwrites entirely: a recycled buffer is not
     * zeroed again.
     *
     * @param bytes size
     * @return the buffer, contents unspecified
     */
    @Override
    public MemorySegment allocateUninitialized(long bytes) {
        reserve(bytes);
        return io.jvortex.array.BufferPool.allocateUninitialized(arena, Math.max(bytes, 1)).asSlice(0, bytes);
    }

    /** Charges {@code bytes} to the decoded-bytes budget. */
    private void reserve(long bytes) {
        if (bytes < 0 || bytes > remainingBytes) {
            throw new VortexException("decoding needs " + bytes + " more bytes but the decoded-size budget has "
                    + remainingBytes + " left (a length field may be corrupt; raise maxDecodedBytes if the file is valid)");
        }
        remainingBytes -= bytes;
    }

    /**
     * Checks a length or count read from metadata.
     *
     * @param node the node it came from
     * @param value the value read
     * @param what what it is, for the message
     * @return the value as an int row count
     */
    public int rowCount(ArrayNode node, long value, String what) {
        if (value < 0 || value > MAX_ROWS) {
            throw node.error(what + " " + Long.toUnsignedString(value) + " outside 0.." + MAX_ROWS);
        }
        return (int) value;
    }

    /**
     * @param node a node
     * @param min fewest children allowed
     * @param max most children allowed
     * @return the child count
     */
    public int expectChildren(ArrayNode node, int min, int max) {
        int n = node.childCount();
        if (n < min || n > max) {
            throw node.error("has " + n + " children, expected " + (min == max ? "" + min : min + ".." + max));
        }
        return n;
    }

    /**
     * @param node a node
     * @param count the exact number of buffers expected
     */
    public void expectBuffers(ArrayNode node, int count) {
        if (node.bufferCount() != count) {
            throw node.error("has " + node.bufferCount() + " buffers, expected " + count);
        }
    }

    /**
     * @param node a node
     * @param index a buffer index
     * @param bytes the exact size expected
     * @return the buffer
     */
    public MemorySegment bufferOfSize(ArrayNode node, int index, long bytes) {
        MemorySegment b = node.buffer(index);
        if (b.byteSize() != bytes) {
            throw new VortexException(node.source(), node.bufferOffset(index), node.path(),
                    "buffer " + index + " has " + b.byteSize() + " bytes, expected " + bytes, null);
        }
        return b;
    }

    /**
     * @param node a node
     * @param dtype its dtype
     * @param want the dtype class the encoding supports
     * @param <T> that class
     * @return the dtype cast
     */
    public <T extends DType> T expectDType(ArrayNode node, DType dtype, Class<T> want) {
        if (!want.isInstance(dtype)) {
            throw node.error(node.encodingId() + " cannot hold " + dtype.display());
        }
        return want.cast(dtype);
    }
}
