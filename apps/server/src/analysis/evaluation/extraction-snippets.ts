/**
 * Labelled snippets for the entity extraction (issue 12, item 5): 125 short support messages written by hand
 * for Parsedesk on 2026-11-25, in the style of the mail a helpdesk gets (English, with some German, French,
 * Spanish and Dutch), none copied from a data set. About a third are traps the extraction must not fall
 * into: postcodes, house numbers, "Article 17", counts ("after 3 days"), signatures and quoted replies.
 *
 * What each kind holds, as labelled here (values compared case-blind, spaces collapsed):
 * - orderNumbers, invoiceNumbers: the id as written after its word ("order 123456", "Rechnung RE-2024-0815");
 * - amounts: "value CURRENCY", the value as written ("1,299.99 USD", "49,90 EUR");
 * - products: a product with its version as written ("Outlook 2016", "iOS 17.4"), or "version X" when only the
 *   version is named; a product named without a version is not labelled (nothing to copy out);
 * - errorCodes: the code as written ("0x80070005", "ERR_CONNECTION_REFUSED", "503");
 * - dates: calendar dates as written ("March 3", "2024-05-01", "3. März 2024"); not "yesterday" or weekdays;
 * - people: someone the customer names in the message, with a title when written ("Mr. Smith"), never the
 *   sender's own name in the signature;
 * - companies: a company named in the message with its legal form ("Acme GmbH"), or a carrier, marketplace or
 *   payment provider by its name ("DHL"); never the sender's company in the signature.
 *
 * Signatures, quoted replies and forwarded history hold values of each kind that must not be found.
 */
export type TExtractionKind =
  | 'orderNumbers'
  | 'invoiceNumbers'
  | 'amounts'
  | 'products'
  | 'errorCodes'
  | 'dates'
  | 'people'
  | 'companies'

export const EXTRACTION_KINDS: readonly TExtractionKind[] = [
  'orderNumbers',
  'invoiceNumbers',
  'amounts',
  'products',
  'errorCodes',
  'dates',
  'people',
  'companies',
]

export type TExtractionSnippet = {
  subject: string
  body: string
  /** Every kind left out is expected empty. */
  expected: Partial<Record<TExtractionKind, string[]>>
}

export const EXTRACTION_SNIPPETS: readonly TExtractionSnippet[] = [
  {
    subject: 'Refund for order 123456',
    body: 'I returned the shoes two weeks ago and still have not received my refund of $89.90 for order 123456.',
    expected: { orderNumbers: ['123456'], amounts: ['89.90 USD'] },
  },
  {
    subject: 'Charged twice',
    body: 'Invoice INV-2024-0042 was charged twice, 49.00 EUR each time, on 2024-05-01.',
    expected: { invoiceNumbers: ['INV-2024-0042'], amounts: ['49.00 EUR'], dates: ['2024-05-01'] },
  },
  {
    subject: 'Outlook keeps crashing',
    body: 'Since the update Outlook 2016 crashes on start with error 0x80070005. I am on Windows 11.',
    expected: { products: ['Outlook 2016', 'Windows 11'], errorCodes: ['0x80070005'] },
  },
  {
    subject: 'Delivery address',
    body: 'Please deliver order 778899 to Hauptstraße 5, 10115 Berlin instead.',
    expected: { orderNumbers: ['778899'] },
  },
  {
    subject: 'Delete my data',
    body: 'Under Article 17 GDPR I ask you to erase all personal data you hold about me.',
    expected: {},
  },
  {
    subject: 'App shows error',
    body: 'The app says ERR_CONNECTION_REFUSED every time I open the dashboard.\n\nBest regards,\nTom Becker\nAcme GmbH\nMusterstraße 12\n80331 München\nTel. +49 89 1234567',
    expected: { errorCodes: ['ERR_CONNECTION_REFUSED'] },
  },
  {
    subject: 'Re: your invoice',
    body: 'Thanks, that answers it.\n\nOn Mon, 3 Jun 2024 at 10:12, Billing <billing@shop.example> wrote:\n> Invoice 2024-118 over 120.00 EUR is attached.\n> Order 556677 shipped with DHL.',
    expected: {},
  },
  {
    subject: 'iPhone app freezes',
    body: 'On my iPhone 13 Pro with iOS 17.4 the app freezes after 3 seconds.',
    expected: { products: ['iPhone 13 Pro', 'iOS 17.4'] },
  },
  {
    subject: 'Meeting follow-up',
    body: 'I spoke to Anna Schmidt from your sales team on March 3 and she promised a discount of 15%.',
    expected: { people: ['Anna Schmidt'], dates: ['March 3'] },
  },
  {
    subject: 'Parcel lost',
    body: 'DHL says the parcel for order AB-99812 was delivered, but nothing arrived.',
    expected: { orderNumbers: ['AB-99812'], companies: ['DHL'] },
  },
  {
    subject: 'Rechnung doppelt abgebucht',
    body: 'Guten Tag,\n\nSie haben die Rechnung RE-2024-0815 über 49,90 € zweimal abgebucht.\n\nMit freundlichen Grüßen\nAnna Schmidt',
    expected: { invoiceNumbers: ['RE-2024-0815'], amounts: ['49,90 EUR'] },
  },
  {
    subject: 'Bestellung fehlt',
    body: 'Meine Bestellung 4711-2024 vom 3. März 2024 ist noch nicht angekommen.',
    expected: { orderNumbers: ['4711-2024'], dates: ['3. März 2024'] },
  },
  {
    subject: 'Commande non reçue',
    body: "Bonjour, ma commande n° 88451 n'est pas arrivée. Merci de vérifier.",
    expected: { orderNumbers: ['88451'] },
  },
  {
    subject: 'Pedido retrasado',
    body: 'Hola, mi pedido 552310 lleva diez días de retraso.',
    expected: { orderNumbers: ['552310'] },
  },
  {
    subject: 'Factuur klopt niet',
    body: 'Factuur 2024-118 vermeldt €120,00 maar wij hadden €100,00 afgesproken.',
    expected: { invoiceNumbers: ['2024-118'], amounts: ['120,00 EUR', '100,00 EUR'] },
  },
  {
    subject: 'Upgrade price',
    body: 'The upgrade to the Business plan was quoted at USD 1,299.99 per year, but I was billed $1,499.99.',
    expected: { amounts: ['1,299.99 USD', '1,499.99 USD'] },
  },
  {
    subject: 'Server down',
    body: 'Our API returns HTTP 503 since 9am. Nothing changed on our side.',
    expected: { errorCodes: ['503'] },
  },
  {
    subject: 'Sync fails',
    body: 'The desktop client version 4.2.1 fails to sync with code E1042.',
    expected: { products: ['version 4.2.1'], errorCodes: ['E1042'] },
  },
  {
    subject: 'Login issue',
    body: 'I cannot log in since yesterday. Tried 3 times and now my account is locked.',
    expected: {},
  },
  {
    subject: 'Contract question',
    body: 'Our contract with Brightline Solutions Ltd ends on 31 December 2024. Can we extend it by a year?',
    expected: { companies: ['Brightline Solutions Ltd'], dates: ['31 December 2024'] },
  },
  {
    subject: 'Wrong VAT',
    body: 'Invoice 90017 shows VAT of 19% on a net of 250.00 EUR; we are a company in Austria.\n\nKind regards\nMaria Huber\nHuber & Partner KG\nRingstraße 8, 1010 Wien',
    expected: { invoiceNumbers: ['90017'], amounts: ['250.00 EUR'] },
  },
  {
    subject: 'Firmware',
    body: 'After flashing firmware v2.3 the router reboots every 10 minutes.',
    expected: { products: ['version 2.3'] },
  },
  {
    subject: 'Double booking',
    body: 'Booking 7C4K9Q was charged twice, £45.00 each, on 12/03/2024.',
    expected: { orderNumbers: ['7C4K9Q'], amounts: ['45.00 GBP'], dates: ['12/03/2024'] },
  },
  {
    subject: 'Callback please',
    body: 'Please call me back, my colleague Peter Brown handled this last week.',
    expected: { people: ['Peter Brown'] },
  },
  {
    subject: 'Where is my refund',
    body: 'Refund for order 99887766 still missing.\n\nThanks,\nJane Doe\n1200 Market Street, Suite 400\nSan Francisco, CA 94103',
    expected: { orderNumbers: ['99887766'] },
  },
  {
    subject: 'PayPal payment refused',
    body: 'PayPal refused my payment of 29.99 EUR for the annual plan. My card works elsewhere.',
    expected: { companies: ['PayPal'], amounts: ['29.99 EUR'] },
  },
  {
    subject: 'Feature idea',
    body: 'It would be great to export reports as CSV. Thank you!',
    expected: {},
  },
  {
    subject: 'Error on checkout',
    body: 'Checkout fails with "Error: PAY-402 card declined" although the bank approved it.',
    expected: { errorCodes: ['PAY-402'] },
  },
  {
    subject: 'Room booking',
    body: 'We booked room 12 on floor 3 for the training on June 14 but it was cancelled.',
    expected: { dates: ['June 14'] },
  },
  {
    subject: 'Android app',
    body: 'The Android 14 version of the app crashes on a Pixel 8 when I open settings.',
    expected: { products: ['Android 14', 'Pixel 8'] },
  },
  {
    subject: 'Cancel subscription',
    body: 'Please cancel my subscription before the renewal on 2025-01-15. I will not be charged again, right?',
    expected: { dates: ['2025-01-15'] },
  },
  {
    subject: 'Invoice copy',
    body: 'Could you send me a copy of invoice #20240331? Our accounting at Northwind Traders Inc. needs it.',
    expected: { invoiceNumbers: ['20240331'], companies: ['Northwind Traders Inc.'] },
  },
  {
    subject: 'Shipment stuck',
    body: 'Tracking number 1Z999AA10123456784 has not moved since Monday. UPS cannot tell me anything.',
    expected: { orderNumbers: ['1Z999AA10123456784'], companies: ['UPS'] },
  },
  {
    subject: 'Slow after update',
    body: 'Since version 5.0 the dashboard takes 40 seconds to load for all 25 users.',
    expected: { products: ['version 5.0'] },
  },
  {
    subject: 'Wrong name on invoice',
    body: 'The invoice should be addressed to Mrs. Clara Jensen, not to me.',
    expected: { people: ['Mrs. Clara Jensen'] },
  },
  {
    subject: 'Re: Ticket 4412',
    body: 'Still broken.\n\n-----Original Message-----\nFrom: Support\nSent: 2 May 2024\nYour order 334455 for 99.00 EUR was refunded on 2024-05-02.',
    expected: {},
  },
  {
    subject: 'Mac client',
    body: 'On macOS 14.2 the client shows error code 0x8004010F when sending.',
    expected: { products: ['macOS 14.2'], errorCodes: ['0x8004010F'] },
  },
  {
    subject: 'Coupon',
    body: 'My coupon SAVE20 did not apply, so I paid 120 dollars instead of 96 dollars.',
    expected: { amounts: ['120 USD', '96 USD'] },
  },
  {
    subject: 'Data export',
    body: 'I want a copy of my data under Art. 15 DSGVO, please send it by 15.06.2024.',
    expected: { dates: ['15.06.2024'] },
  },
  {
    subject: 'Password reset',
    body: 'The password reset link says "Error 410" when I click it.',
    expected: { errorCodes: ['410'] },
  },
  {
    subject: 'Team seats',
    body: 'We need 15 more seats. Our company, Fjord Analytics AS, is growing.',
    expected: { companies: ['Fjord Analytics AS'] },
  },
  {
    subject: 'Unknown charge',
    body: 'There is a charge of CHF 89.00 on my card that I do not recognise.',
    expected: { amounts: ['89.00 CHF'] },
  },
  {
    subject: 'Printer',
    body: 'The HP LaserJet 400 drops off the Wi-Fi every morning.',
    expected: { products: ['HP LaserJet 400'] },
  },
  {
    subject: 'Order status',
    body: 'Order number: 5512-AX-77. Ordered on Jan 5, 2024 and still processing.',
    expected: { orderNumbers: ['5512-AX-77'], dates: ['Jan 5, 2024'] },
  },
  {
    subject: 'Thanks',
    body: 'Thanks a lot, Sarah from your team solved it within minutes!',
    expected: { people: ['Sarah'] },
  },
  {
    subject: 'Escalation',
    body: 'I already talked to Mr. Okafor twice and nothing happened. Please escalate.',
    expected: { people: ['Mr. Okafor'] },
  },
  {
    subject: 'Broken item',
    body: 'The lamp from order 210045 arrived broken. I paid 59,95 € for it.\n\nSent from my iPhone',
    expected: { orderNumbers: ['210045'], amounts: ['59,95 EUR'] },
  },
  {
    subject: 'Reseller',
    body: 'We bought 40 licences through Softline Solutions GmbH and cannot activate them.',
    expected: { companies: ['Softline Solutions GmbH'] },
  },
  {
    subject: 'Hello',
    body: 'Hello, I have a question about your pricing for 10 users.',
    expected: {},
  },
  {
    subject: 'Chrome extension',
    body: 'The extension stopped working in Chrome 120 with ERR_BLOCKED_BY_CLIENT.',
    expected: { products: ['Chrome 120'], errorCodes: ['ERR_BLOCKED_BY_CLIENT'] },
  },
  {
    subject: 'Klarna',
    body: 'Klarna says I owe 310.50 EUR for order 884422 but I returned it.',
    expected: { companies: ['Klarna'], amounts: ['310.50 EUR'], orderNumbers: ['884422'] },
  },
  {
    subject: 'Address change',
    body: 'New address: 221B Baker Street, London NW1 6XE. Please update order 660011.',
    expected: { orderNumbers: ['660011'] },
  },
  {
    subject: 'Question',
    body: 'Is Section 4 of your terms still valid for annual plans?',
    expected: {},
  },
  {
    subject: 'Reservation',
    body: 'Reservation 4KT9Z for 2 nights from 14th of July.',
    expected: { orderNumbers: ['4KT9Z'], dates: ['14th of July'] },
  },
  {
    subject: 'Phone',
    body: 'Call me at +1 (555) 123-4567 about the outage please.',
    expected: {},
  },
  {
    subject: 'Windows login',
    body: 'Users on Windows 10 get error 0xC000006D when logging in, users on Windows 11 are fine.',
    expected: { products: ['Windows 10', 'Windows 11'], errorCodes: ['0xC000006D'] },
  },
  {
    subject: 'Invoice',
    body: 'Bill no. 30412 lists 3 items, we ordered 2.',
    expected: { invoiceNumbers: ['30412'] },
  },
  {
    subject: 'Migration',
    body: 'We are moving from Jira 8.20 to your tool next month. Can you help?',
    expected: { products: ['Jira 8.20'] },
  },
  {
    subject: 'Delivery',
    body: 'The courier came on 03/05/24 while nobody was home.',
    expected: { dates: ['03/05/24'] },
  },
  {
    subject: 'Account',
    body: 'My customer number is 100234 and I cannot log in.',
    expected: {},
  },
  {
    subject: 'Refund request',
    body: 'I was charged 19.99 USD after cancelling on 2024-02-28.\n\nRegards,\nLiam\nOrder desk, Contoso Ltd\nPO Box 1234',
    expected: { amounts: ['19.99 USD'], dates: ['2024-02-28'] },
  },
  {
    subject: 'Dringend: Server down',
    body: 'Unser Server antwortet seit heute Morgen mit Fehler 500. Bitte dringend prüfen.',
    expected: { errorCodes: ['500'] },
  },
  {
    subject: 'Zahlung',
    body: 'Die Zahlung von 1.250,00 EUR für Rechnung 2024-77 wurde am 02.04.2024 überwiesen.',
    expected: { amounts: ['1.250,00 EUR'], invoiceNumbers: ['2024-77'], dates: ['02.04.2024'] },
  },
  {
    subject: 'Wrong product',
    body: 'I ordered the Galaxy S23 but got a Galaxy A54. Order 771199.',
    expected: { orderNumbers: ['771199'], products: ['Galaxy S23', 'Galaxy A54'] },
  },
  {
    subject: 'Training',
    body: 'Can Dr. Weber join the onboarding session on 5 June?',
    expected: { people: ['Dr. Weber'], dates: ['5 June'] },
  },
  {
    subject: 'Question about VAT',
    body: 'Which VAT rate applies to our customers in Switzerland (8.1%)?',
    expected: {},
  },
  {
    subject: 'Excel export',
    body: 'The export opens broken in Excel 2019 and in Numbers 13.1.',
    expected: { products: ['Excel 2019', 'Numbers 13.1'] },
  },
  {
    subject: 'Partner discount',
    body: 'As a partner of Meridian Health Systems Inc, we were promised 20% off.',
    expected: { companies: ['Meridian Health Systems Inc'] },
  },
  {
    subject: 'Tracking',
    body: 'Shipment 00340434161234567890 is with DPD since Friday.',
    expected: { orderNumbers: ['00340434161234567890'], companies: ['DPD'] },
  },
  {
    subject: 'Demo',
    body: 'Our manager Lisa Müller would like a demo next week.',
    expected: { people: ['Lisa Müller'] },
  },
  {
    subject: 'Fwd: Order confirmation',
    body: 'See below, it never arrived.\n\n---------- Forwarded message ---------\nFrom: Shop <orders@shop.example>\nOrder 445566 confirmed, total $42.00, estimated delivery May 12.',
    expected: {},
  },
  {
    subject: 'Kiosk',
    body: 'The kiosk at Terminal 2 shows code 404 on the welcome screen.',
    expected: { errorCodes: ['404'] },
  },
  {
    subject: 'Price change',
    body: 'Why did the price go from €9.99 to €14.99 per month?',
    expected: { amounts: ['9.99 EUR', '14.99 EUR'] },
  },
  {
    subject: 'Certificate',
    body: 'Our SSL certificate expires on November 30, 2024 and renewal fails with ACME-429.',
    expected: { dates: ['November 30, 2024'], errorCodes: ['ACME-429'] },
  },
  {
    subject: 'Help',
    body: 'I need help with my account, it says something went wrong.',
    expected: {},
  },
  {
    subject: 'Zoom integration',
    body: 'The Zoom 5.17 integration fails after 2 minutes of every call.',
    expected: { products: ['Zoom 5.17'] },
  },
  {
    subject: 'Overcharged',
    body: 'I was charged ¥12,000 instead of ¥9,800 for order JP-55120.',
    expected: { amounts: ['12,000 JPY', '9,800 JPY'], orderNumbers: ['JP-55120'] },
  },
  {
    subject: 'Visit',
    body: 'Your technician named Carlos Ruiz left without fixing the terminal.',
    expected: { people: ['Carlos Ruiz'] },
  },
  {
    subject: 'Return label',
    body: 'Please send a return label for order 300198. I live at 45 Elm Road, Leeds LS1 4AP.',
    expected: { orderNumbers: ['300198'] },
  },
  {
    subject: 'API',
    body: 'POST /v2/orders returns 422 with "invalid_currency" for CAD.',
    expected: { errorCodes: ['422', 'invalid_currency'] },
  },
  {
    subject: 'Payment',
    body: 'Stripe shows the payment of 75.00 GBP as succeeded but your invoice INV-7781 is unpaid.',
    expected: { companies: ['Stripe'], amounts: ['75.00 GBP'], invoiceNumbers: ['INV-7781'] },
  },
  {
    subject: 'Cancel',
    body: 'Cancel order 909090 please, I ordered it by mistake on 2 January.',
    expected: { orderNumbers: ['909090'], dates: ['2 January'] },
  },
  {
    subject: 'Scanner',
    body: 'Since Monday the Zebra DS2208 scanner is not recognised on Windows 11.',
    expected: { products: ['Zebra DS2208', 'Windows 11'] },
  },
  {
    subject: 'Complaint',
    body: 'This is the third time I write. Nobody answers.\n\nJohn Miller\nSenior Buyer | Miller Logistics Ltd\n+44 20 7946 0958\nwww.millerlogistics.example',
    expected: {},
  },
  {
    subject: 'Webinar',
    body: 'Is the webinar on 2024-09-18 recorded?',
    expected: { dates: ['2024-09-18'] },
  },
  {
    subject: 'Ordine',
    body: "Buongiorno, l'ordine 120045 non è ancora arrivato.",
    expected: { orderNumbers: ['120045'] },
  },
  {
    subject: 'Encomenda',
    body: 'Olá, a minha encomenda 667788 chegou danificada.',
    expected: { orderNumbers: ['667788'] },
  },
  {
    subject: 'Bestelling',
    body: 'Mijn bestelling 2024-5531 is nog niet verzonden.',
    expected: { orderNumbers: ['2024-5531'] },
  },
  {
    subject: 'Facture',
    body: 'La facture F-2024-301 indique 89,00 € au lieu de 79,00 €.',
    expected: { invoiceNumbers: ['F-2024-301'], amounts: ['89,00 EUR', '79,00 EUR'] },
  },
  {
    subject: 'Team access',
    body: 'Please give my colleague Sofia Rossi admin rights.',
    expected: { people: ['Sofia Rossi'] },
  },
  {
    subject: 'VPN',
    body: 'FortiClient 7.0.9 cannot connect, it shows error -14.',
    expected: { products: ['FortiClient 7.0.9'], errorCodes: ['-14'] },
  },
  {
    subject: 'Storage',
    body: 'We are using 480 GB of our 500 GB quota.',
    expected: {},
  },
  {
    subject: 'Question on refund',
    body: 'When will the 25 euros for the late delivery be refunded?',
    expected: { amounts: ['25 EUR'] },
  },
  {
    subject: 'Audit',
    body: 'Our auditors from Keller & Voss AG need the invoices of 2023.',
    expected: { companies: ['Keller & Voss AG'] },
  },
  {
    subject: 'Update failed',
    body: 'The update to 3.1.4 failed and now the app shows version 3.0.',
    expected: { products: ['version 3.1.4', 'version 3.0'] },
  },
  {
    subject: 'Re: Password',
    body: 'Works now, thanks!\n\nOn Tue, Jane wrote:\n> Please try the link again, error 0x80004005 should be gone.',
    expected: {},
  },
  {
    subject: 'Amazon order',
    body: 'I bought it on Amazon, order 302-1234567-7654321, can you still help?',
    expected: { companies: ['Amazon'], orderNumbers: ['302-1234567-7654321'] },
  },
  {
    subject: 'Schedule',
    body: 'We go live on Monday, June 3rd. Please confirm the setup by Friday.',
    expected: { dates: ['June 3rd'] },
  },
  {
    subject: 'Ticket from Acme',
    body: 'Acme Corp. has 3 open incidents since 14.11.2024, see INC-2291.',
    expected: { companies: ['Acme Corp.'], dates: ['14.11.2024'] },
  },
  {
    subject: 'Wrong charge',
    body: 'You charged 200 EUR for the Pro plan, the website says 180 EUR.\n\nBeste Grüße\nJonas Weber\nWeber IT GmbH\nLindenallee 4, 50968 Köln',
    expected: { amounts: ['200 EUR', '180 EUR'] },
  },
  {
    subject: 'Driver',
    body: 'Driver 531.18 for the RTX 3060 makes the app crash on launch.',
    expected: { products: ['Driver 531.18', 'RTX 3060'] },
  },
  {
    subject: 'Hotel',
    body: 'Booking ref: HX55120 for 3 nights. The hotel says it does not exist.',
    expected: { orderNumbers: ['HX55120'] },
  },
  {
    subject: 'Question',
    body: 'Do you ship to Postcode 8001 in Zürich?',
    expected: {},
  },
  {
    subject: 'Printer error',
    body: 'Printer shows error E-05 after paper jam.',
    expected: { errorCodes: ['E-05'] },
  },
  {
    subject: 'Invoice for March',
    body: 'Please resend receipt 88123 for March; Mr Daniels in finance lost it.',
    expected: { invoiceNumbers: ['88123'], people: ['Mr Daniels'] },
  },
  {
    subject: 'Late delivery',
    body: 'Royal Mail lost my parcel, order 411223. I want a refund of £18.50.',
    expected: { companies: ['Royal Mail'], orderNumbers: ['411223'], amounts: ['18.50 GBP'] },
  },
  {
    subject: 'Office',
    body: 'Office 365 keeps asking for the password on Outlook for Mac 16.78.',
    expected: { products: ['Office 365', 'Outlook for Mac 16.78'] },
  },
  // Written after the rule for signatures without a sign-off, to check it on mail it was not made from.
  {
    subject: 'App stürzt ab',
    body: 'Die App stürzt beim Start ab.\n\nKlaus Meier\nMeier Bau GmbH\nIndustriestraße 7, 70565 Stuttgart\nTel. 0711 123456',
    expected: {},
  },
  {
    subject: 'Missing parcel',
    body: 'My parcel is missing.\n\nOrder 556611, call me on +44 7700 900123 if needed.',
    expected: { orderNumbers: ['556611'] },
  },
  {
    subject: 'Broken',
    body: 'Please fix it soon.\n\nAnna',
    expected: {},
  },
  {
    subject: 'Thanks',
    body: 'Thanks for the quick fix in version 2.4!\n\nPriya Natarajan\nHead of IT, Lumen Labs Inc.\nhttps://lumen.example',
    expected: { products: ['version 2.4'] },
  },
  {
    subject: 'More licences',
    body: 'We are Fernhill Ltd and need 3 more licences.\n\nPlease call +44 20 7946 0000.',
    expected: { companies: ['Fernhill Ltd'] },
  },
  {
    subject: 'Koppeling',
    body: 'De koppeling geeft fout 500 sinds vanochtend.\n\nMet vriendelijke groet,\nJan de Vries\nDe Vries B.V.\nKeizersgracht 12, 1015 CS Amsterdam',
    expected: { errorCodes: ['500'] },
  },
  {
    subject: 'Approval',
    body: 'CC: Maria Lopez, please approve invoice INV-5521 for 1,200.00 EUR.',
    expected: { people: ['Maria Lopez'], invoiceNumbers: ['INV-5521'], amounts: ['1,200.00 EUR'] },
  },
  {
    subject: 'Livraison',
    body: 'Le colis devait arriver le 3 mars 2024, il est toujours chez La Poste.',
    expected: { dates: ['3 mars 2024'], companies: ['La Poste'] },
  },
  {
    subject: 'Teams',
    body: 'Our engineer, Tom Hardy, saw error 0x80004005 on 2024-10-02 in Teams 24.1.\n\nRegards\nIT desk',
    expected: {
      people: ['Tom Hardy'],
      errorCodes: ['0x80004005'],
      dates: ['2024-10-02'],
      products: ['Teams 24.1'],
    },
  },
  {
    subject: 'Quote',
    body: 'Please quote 12 seats of the Enterprise plan for Oakridge Partners LLC by 30 September.',
    expected: { companies: ['Oakridge Partners LLC'], dates: ['30 September'] },
  },
  // Written after dates in the other languages, error words in them and statuses a server returns were added.
  {
    subject: 'Pedido',
    body: 'El pedido 77120 debía llegar el 5 de mayo de 2024.',
    expected: { orderNumbers: ['77120'], dates: ['5 de mayo de 2024'] },
  },
  {
    subject: 'Fattura',
    body: 'La fattura FT-2024-88 del 12 settembre non è corretta.',
    expected: { invoiceNumbers: ['FT-2024-88'], dates: ['12 settembre'] },
  },
  {
    subject: 'Erro no login',
    body: 'O aplicativo mostra o código E-302 ao entrar.',
    expected: { errorCodes: ['E-302'] },
  },
  {
    subject: 'Search',
    body: 'The search returned 400 results, far too many to read.',
    expected: {},
  },
  {
    subject: 'Webhook',
    body: 'The webhook endpoint responds with 502 every few minutes.',
    expected: { errorCodes: ['502'] },
  },
  {
    subject: 'Danke',
    body: 'Mai 2024 war ein guter Monat, danke für den Support.',
    expected: {},
  },
  {
    subject: 'Levering',
    body: 'De levering van 1 maart 2024 mist nog twee dozen.',
    expected: { dates: ['1 maart 2024'] },
  },
  {
    subject: 'Export',
    body: 'Error -2147467259 appears when Excel 2016 opens the export.',
    expected: { errorCodes: ['-2147467259'], products: ['Excel 2016'] },
  },
]
