import { describe, expect, it } from 'vitest';
import { AddressSlots } from './address-slots.js';
import { WalletBook } from './wallet-book.js';

describe('AddressSlots', () => {
  it('gives the wallet ids the book interns, remembered by position until the position is reset', () => {
    const book = new WalletBook(new Map());
    const slots = new AddressSlots(4);
    const alice = slots.walletId(2, 'alice', book);
    expect(alice).toBe(book.intern('alice'));
    expect(slots.walletId(2, 'alice', book)).toBe(alice);
    slots.reset(2);
    const bob = slots.walletId(2, 'bob', book);
    expect(bob).toBe(book.intern('bob'));
    expect(bob).not.toBe(alice);
  });

  it('interns through the book for an event address with no position', () => {
    const book = new WalletBook(new Map());
    const slots = new AddressSlots(4);
    expect(slots.walletId(-1, 'carol', book)).toBe(book.intern('carol'));
    expect(slots.walletId(-1, 'dave', book)).toBe(book.intern('dave'));
  });
});
