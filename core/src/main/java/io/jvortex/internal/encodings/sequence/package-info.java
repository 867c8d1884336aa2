/**
 * {@code vortex.sequence} — an arithmetic progression {@code out[i] = base + i * multiplier}.
 *
 * <p>Physical form (Rust {@code encodings/sequence}):
 * <ul>
 *   <li>dtype: any integer primitive; a nullable dtype is allowed but every row is valid.</li>
 *   <li>Metadata: {@code SequenceMetadata{ScalarValue base = 1; ScalarValue multiplier = 2}}, both required.
 *       The base is read against the array's integer type ({@code int64_value} or {@code uint64_value},
 *       whatever the signedness) and range-checked to it. The multiplier is any {@code int64_value} or
 *       {@code uint64_value}, <em>not</em> limited to the type: the reference reader (0.91) accepts
 *       e.g. a u8 sequence with multiplier -1 or an i8 one with multiplier 1000 over a single row.</li>
 *   <li>Buffers and children: none.</li>
 * </ul>
 *
 * <p>Invariant checked, as the 0.91 reference reader does: the last value
 * {@code base + (len - 1) * multiplier}, computed exactly, lies in the type's range (the values are linear
 * in the row, so all of them do). The values are then generated with wrapping 64-bit arithmetic truncated
 * to the type's width, which given the check equals the exact values. The 0.76 reader was stricter (it
 * cast the multiplier to the type and required {@code len - 1} to fit it); every file it accepts is
 * accepted here. A length of 0 yields an empty array (the reference rejects it; its writer never emits
 * one).
 */
package io.jvortex.internal.encodings.sequence;
