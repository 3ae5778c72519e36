// The Local sandbox's test cards, as docs/sandbox.md lists them ("Test cards"); a test holds
// this table to that page. Any Luhn-valid number works, these are the ones users recognize.

interface TestCard {
  number: string;
  brand: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'VISA' },
  { number: '4012000098765439', brand: 'VISA' },
  { number: '5555555555554444', brand: 'MASTERCARD' },
  { number: '2223003122003222', brand: 'MASTERCARD' },
  { number: '378282246310005', brand: 'AMERICAN EXPRESS' },
  { number: '6011111111111117', brand: 'DISCOVER' },
  { number: '30569309025904', brand: 'DINERS CLUB' },
  { number: '3530111333300000', brand: 'JCB' },
];
