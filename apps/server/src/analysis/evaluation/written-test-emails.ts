import type { TDefaultCategoryKey } from '@parsedesk/contracts'

export type TLabelledEmail = { category: TDefaultCategoryKey; subject: string; body: string }

/**
 * Support emails as customers of a software or services company write them, each with the category an
 * agent would file it under. Origin: written by hand for Parsedesk (2026-11), in the style of real
 * support mail (greetings, signatures, several topics in one mail, typos), to measure how often the
 * default model finds a category on mail like this. Never trained on: the training examples
 * (`training/written-examples.ts`) were written separately, and no text is shared between the two.
 * Spam and marketing is not here: it is found before the model (`spam/detect-spam.ts`).
 */
export const WRITTEN_TEST_EMAILS: readonly TLabelledEmail[] = [
  // technical-problem
  {
    category: 'technical-problem',
    subject: 'App will not sync',
    body: "Hi,\n\nsince yesterday the desktop app won't sync anymore. It shows 'Connecting…' forever and my changes from the laptop never show up on my phone. I already restarted both and signed out and in again.\n\nThanks, Marta",
  },
  {
    category: 'technical-problem',
    subject: 'Cannot connect to the API',
    body: 'Hello support,\nour integration gets a timeout on every request to the API since this morning. We did not change anything on our side. Could you check if something is wrong?\n\nBest regards\nJonas Weber\nCTO, Lumen Apps',
  },
  {
    category: 'technical-problem',
    subject: 'Very slow dashboard',
    body: 'The dashboard takes more than a minute to load for everyone in our team. Reports time out half of the time. Is there a problem on your end?',
  },
  {
    category: 'technical-problem',
    subject: 'Installation fails on Windows 11',
    body: 'Hi there, I downloaded the installer twice but the setup stops at 80% with "Error 1603". I am an administrator on this PC. What else can I try?\nCheers, Ben',
  },
  {
    category: 'technical-problem',
    subject: 'Emails not sending from the platform',
    body: 'Good morning,\n\nNone of the notification emails to our clients have gone out since Friday. The outbox shows them as queued. Our SMTP settings have not changed. Please help, our clients are missing their appointment reminders.\n\nKind regards,\nSophie',
  },
  {
    category: 'technical-problem',
    subject: 'printer integration offline',
    body: 'hi, the receipt printer shows as offline in the app although it is switched on and connected to the wifi. other devices can print to it fine. thanks',
  },
  {
    category: 'technical-problem',
    subject: 'Video calls keep dropping',
    body: 'Hello, every video call in your app drops after about five minutes with "connection lost". Our internet is fine, other tools work. This started after the last update. Regards, Priya',
  },
  {
    category: 'technical-problem',
    subject: 'Import stuck',
    body: 'Dear team,\nI started a CSV import of 3,000 contacts two hours ago and it is still at 0%. I cannot cancel it or start a new one. How can I get this moving?\nThank you\nAnna Kowalski',
  },
  {
    category: 'technical-problem',
    subject: 'Webhook deliveries failing',
    body: 'Hi, all webhook deliveries to our endpoint fail with a TLS handshake error since your maintenance last night. Our certificate is valid until next year. Can you look into it?',
  },
  {
    category: 'technical-problem',
    subject: 'Mobile app crashes on start',
    body: 'The Android app closes immediately after I open it. I have a Pixel 7 with the latest update. Reinstalling did not help.',
  },
  {
    category: 'technical-problem',
    subject: 'Can not upload files',
    body: 'Hello, when I try to upload a PDF to a project the progress bar goes to 100% and then I get "Something went wrong". Small images work. The file is 12 MB.\n\nThanks for your help\nLeo',
  },
  // bug-report
  {
    category: 'bug-report',
    subject: 'Bug: totals wrong when a discount is applied',
    body: 'Hi,\n\nI think I found a bug. Steps to reproduce:\n1. Create an invoice with two items\n2. Add a 10% discount\n3. Remove one item\nThe total still includes the removed item. Expected the total to update. Version 4.2.1, Chrome.\n\nRegards, Tom',
  },
  {
    category: 'bug-report',
    subject: 'Date picker shows the wrong month',
    body: 'When I open the date picker on the booking page in Firefox it always shows January, whatever month I select. In Chrome it works. Screenshot attached.',
  },
  {
    category: 'bug-report',
    subject: 'Export to Excel drops accented characters',
    body: 'Hello,\nexporting the customer list to Excel turns every é, ü and ñ into question marks. The CSV export is fine. This is reproducible every time.\nBest, Elena',
  },
  {
    category: 'bug-report',
    subject: 'Search ignores the second word',
    body: 'Found a small bug: searching for "blue shirt" returns everything that matches "blue" only. It looks like the search stops after the first word. Happens on web and iOS.',
  },
  {
    category: 'bug-report',
    subject: 'Dark mode text unreadable',
    body: 'Hi, in dark mode the labels in the settings page are black on dark grey, so you cannot read them. Looks like a styling bug since version 3.8.',
  },
  {
    category: 'bug-report',
    subject: 'Duplicate entries after editing',
    body: 'Every time I edit a task and press save, a second copy of the task appears in the list. Refreshing the page shows both copies, so they are really saved twice. Steps: open any task, change the title, save.',
  },
  {
    category: 'bug-report',
    subject: 'Time zone bug in reminders',
    body: 'Dear support,\nreminders arrive exactly one hour late since the switch to summer time. My time zone in the profile is set to Europe/Berlin. I believe the app does not handle daylight saving time correctly.\nKind regards\nKlaus',
  },
  {
    category: 'bug-report',
    subject: 'Wrong error message on login page',
    body: 'Minor bug: when I type a wrong password the page says "Server unavailable" instead of "wrong password". It confused two of my colleagues already.',
  },
  {
    category: 'bug-report',
    subject: 'Pagination skips items',
    body: 'Hi team, going from page 1 to page 2 in the orders list skips some orders: page 1 ends with #1020 and page 2 starts with #1031. The ones in between only show if I sort differently. Reproducible with 50 per page.',
  },
  {
    category: 'bug-report',
    subject: 'Chart legend overlaps',
    body: 'The legend of the revenue chart overlaps the bars when there are more than six series. It happens on every screen size I tried. Not urgent but looks broken.',
  },
  // account-access
  {
    category: 'account-access',
    subject: 'Verification email never arrived',
    body: "Hi, I signed up an hour ago but the verification email never arrived. I checked spam. Can you resend it or verify my account manually? My address is the one I'm writing from.\nThanks!",
  },
  {
    category: 'account-access',
    subject: 'Locked out of my account',
    body: 'Hello,\n\nafter too many attempts my account is locked and the reset link says it has expired. I need access for a client meeting tomorrow. Can you unlock it please?\n\nRegards\nDaniel',
  },
  {
    category: 'account-access',
    subject: 'Two-factor codes not accepted',
    body: 'I got a new phone and now my authenticator codes are always rejected. I do not have the backup codes anymore. How do I get back into my account?',
  },
  {
    category: 'account-access',
    subject: 'Add a new user to our team',
    body: 'Hi, could you tell me how to invite a new colleague to our workspace? I am the admin but I do not see the invite button anywhere.\nBest, Ruth',
  },
  {
    category: 'account-access',
    subject: 'Change the email address of my login',
    body: 'Hello, I changed jobs and need to move my login from my old work address to my private one. The old mailbox will be closed next week.',
  },
  {
    category: 'account-access',
    subject: 'password reset link not working',
    body: 'hi, i click on forgot password, get the mail, click the link and it just sends me back to the login page. tried 3 times. please help',
  },
  {
    category: 'account-access',
    subject: 'Give admin rights to my colleague',
    body: 'Dear support, our previous administrator left the company. Please make Julia Meyer (julia.meyer@company.example) an admin of our account so she can manage the users.\nThank you, Mark',
  },
  {
    category: 'account-access',
    subject: 'Sign in with Google fails',
    body: 'When I choose "Sign in with Google" I get "account not found", although I created my account with Google last month. Signing in with a password is not possible because I never set one.',
  },
  {
    category: 'account-access',
    subject: 'Username already taken?',
    body: 'I am trying to register but it says my email is already in use. I have never had an account with you. Could someone have used my address?',
  },
  {
    category: 'account-access',
    subject: 'Merge two accounts',
    body: 'Hello, I accidentally created two accounts, one with my work email and one with my Gmail. Can you merge them into the work one? All my projects are split between them.\nThanks, Omar',
  },
  // billing-payment
  {
    category: 'billing-payment',
    subject: 'Charged twice this month',
    body: 'Hi,\n\nmy credit card was charged twice for the Pro plan this month, 49 EUR on the 3rd and again on the 4th. Please refund one of the charges.\n\nRegards,\nClaire',
  },
  {
    category: 'billing-payment',
    subject: 'Invoice with our VAT number',
    body: 'Hello, could you please reissue invoice INV-20931 with our company VAT ID DE123456789? Our accounting cannot book it without it.\nBest regards, Finance team',
  },
  {
    category: 'billing-payment',
    subject: 'Payment declined',
    body: 'My card keeps getting declined when I try to renew the subscription, even though the bank says everything is fine. Is there another way to pay, like bank transfer?',
  },
  {
    category: 'billing-payment',
    subject: 'Upgrade to annual plan',
    body: 'Hi, we would like to switch from monthly to annual billing. Will we get the annual discount right away, and what happens to the rest of the current month?',
  },
  {
    category: 'billing-payment',
    subject: 'Question about the price increase',
    body: 'Dear team, we got a mail that the price goes up from 20 to 25 per seat. Does this apply to our existing contract or only to new customers?\nKind regards\nPeter',
  },
  {
    category: 'billing-payment',
    subject: 'Update credit card',
    body: 'Hello, my card expires at the end of the month. Where can I enter the new card details so the next payment does not fail?',
  },
  {
    category: 'billing-payment',
    subject: 'Unknown charge on my statement',
    body: 'Hi, I see a charge of $19.99 from your company on my bank statement but I do not remember signing up for anything. Can you tell me what this is for?',
  },
  {
    category: 'billing-payment',
    subject: 'Receipts for last year',
    body: 'Good afternoon, for our tax return I need all receipts from January to December of last year as PDF. Is there a way to download them at once?\nThank you\nMaria',
  },
  {
    category: 'billing-payment',
    subject: 'Wrong number of seats billed',
    body: 'We are billed for 15 seats but only have 9 active users. We removed 6 users in March. Please correct the invoice and tell me how billing for seats works.',
  },
  {
    category: 'billing-payment',
    subject: 'Pay by purchase order',
    body: 'Hello, our procurement department requires us to pay by purchase order and bank transfer. Is that possible for the Business plan? Thanks, Ingrid',
  },
  // orders-delivery
  {
    category: 'orders-delivery',
    subject: 'Where is my order?',
    body: 'Hi, I ordered the starter kit on Monday (order 58812) and it still says "processing". When will it ship?\nThanks, Lisa',
  },
  {
    category: 'orders-delivery',
    subject: 'Parcel shows delivered but nothing arrived',
    body: 'Hello,\n\nthe tracking for my order says delivered yesterday at 14:02 but there is no parcel at my door or with my neighbours. What can we do?\n\nBest regards\nFelix',
  },
  {
    category: 'orders-delivery',
    subject: 'Change delivery address',
    body: 'I just placed order 77120 and noticed the old address is on it. Can you change it to Hauptstrasse 5, 10115 Berlin before it ships?',
  },
  {
    category: 'orders-delivery',
    subject: 'Do you ship to Norway?',
    body: 'Hello, I would like to order two licences on USB sticks but I live in Norway. Do you deliver there and how long does shipping take?',
  },
  {
    category: 'orders-delivery',
    subject: 'Add an item to my order',
    body: 'Hi, is it still possible to add a second charging cable to my order from this morning? Same address. Thank you',
  },
  {
    category: 'orders-delivery',
    subject: 'Tracking number does not work',
    body: 'The tracking number in the shipping confirmation gives "not found" on the courier website for three days now. Order 40917.',
  },
  {
    category: 'orders-delivery',
    subject: 'Damaged package',
    body: 'Hello, the box arrived crushed and the device screen is cracked. I attached photos. Can you send a replacement?\nRegards, Hannah',
  },
  {
    category: 'orders-delivery',
    subject: 'Express delivery',
    body: 'We need the hardware tokens by Thursday. Can we upgrade order 66120 to express shipping and what does it cost?',
  },
  {
    category: 'orders-delivery',
    subject: 'Wrong item received',
    body: 'I ordered the black keyboard with German layout and received a white one with US layout. How do I exchange it?',
  },
  {
    category: 'orders-delivery',
    subject: 'Bulk order for our office',
    body: 'Good morning, we would like to order 40 headsets for our support team. Can you confirm availability and the delivery time to our office in Vienna?\nBest, Stefan',
  },
  // refund-cancellation
  {
    category: 'refund-cancellation',
    subject: 'Cancel my subscription',
    body: 'Hello,\n\nplease cancel my subscription at the end of the current period. I want to make sure I will not be charged again next month.\n\nThanks,\nGreta',
  },
  {
    category: 'refund-cancellation',
    subject: 'Refund request',
    body: 'Hi, I bought the annual plan by mistake yesterday instead of the monthly one. Could I get a refund for the annual plan and switch to monthly?',
  },
  {
    category: 'refund-cancellation',
    subject: 'Still waiting for my refund',
    body: 'Dear support, you confirmed my refund two weeks ago but the money is not back on my card yet. Can you check the status?\nKind regards, Ahmed',
  },
  {
    category: 'refund-cancellation',
    subject: 'Return the device',
    body: 'I would like to return the scanner I bought last week, it does not fit our workflow. It is unused and in the original box. How do I send it back?',
  },
  {
    category: 'refund-cancellation',
    subject: 'Cancel order 33019',
    body: 'Please cancel order 33019, I ordered the wrong size. It has not shipped yet according to the website.',
  },
  {
    category: 'refund-cancellation',
    subject: 'Cancellation fee?',
    body: 'Hello, if I cancel our contract before the end of the year, is there a cancellation fee? Our company is closing the department that uses your service.',
  },
  {
    category: 'refund-cancellation',
    subject: 'End trial and do not charge',
    body: 'Hi, please end my free trial now. I do not want to be charged when it ends on Sunday. Thanks',
  },
  {
    category: 'refund-cancellation',
    subject: 'Money back guarantee',
    body: 'You advertise a 30 day money back guarantee. The tool does not work for us, so I would like to use it. We signed up 12 days ago.\nBest, Carla',
  },
  {
    category: 'refund-cancellation',
    subject: 'Terminate our contract',
    body: 'Dear Sir or Madam,\nwe hereby give notice to terminate our service contract (customer number 88213) at the next possible date. Please confirm the termination in writing.\nYours faithfully\nM. Brandt',
  },
  {
    category: 'refund-cancellation',
    subject: 'Refund for the outage',
    body: 'Your service was down for most of Tuesday and we could not work. We would like a partial refund or a credit for that day.',
  },
  // feature-request
  {
    category: 'feature-request',
    subject: 'Feature request: dark mode',
    body: 'Hi, any plans to add a dark mode to the web app? A lot of us work late and the white screen is hard on the eyes. Would love to see it!',
  },
  {
    category: 'feature-request',
    subject: 'Export to Google Sheets',
    body: 'Hello,\nit would be great if reports could be exported directly to Google Sheets instead of downloading a CSV every week. Is this on your roadmap?\nBest, Nora',
  },
  {
    category: 'feature-request',
    subject: 'Suggestion: recurring tasks',
    body: 'We would really like to be able to create tasks that repeat every month. Right now we copy them by hand. Could you add this?',
  },
  {
    category: 'feature-request',
    subject: 'Slack integration',
    body: 'Do you plan to offer a Slack integration? We would like to get a message in a channel whenever a new booking comes in.',
  },
  {
    category: 'feature-request',
    subject: 'More user roles',
    body: 'Hi team, could you add a read-only role? We want our accountant to see the invoices without being able to change anything. Currently there is only admin and member.',
  },
  {
    category: 'feature-request',
    subject: 'Keyboard shortcuts',
    body: 'It would save me a lot of time if there were keyboard shortcuts for the common actions, like creating a new entry or moving to the next item. Any chance?',
  },
  {
    category: 'feature-request',
    subject: 'Allow custom fields',
    body: 'Hello, we need to store a contract number on each customer. Please consider adding custom fields to customer profiles. Many competitors have this.\nRegards, Alex',
  },
  {
    category: 'feature-request',
    subject: 'Wish: offline mode',
    body: 'Our technicians often work in basements without signal. An offline mode for the mobile app that syncs later would make a big difference for us.',
  },
  {
    category: 'feature-request',
    subject: 'API endpoint for attachments',
    body: 'Hi, the API lets us create records but not upload attachments. Could you add an endpoint for that? We would then automate our whole workflow.',
  },
  {
    category: 'feature-request',
    subject: 'Please support SSO',
    body: 'Our IT department asks whether you will support single sign-on with SAML or Azure AD in the future. It is a requirement for rolling the tool out to the whole company.',
  },
  // privacy-legal
  {
    category: 'privacy-legal',
    subject: 'Delete my personal data',
    body: 'Hello,\n\nunder Article 17 GDPR I ask you to erase all personal data you hold about me and to confirm the deletion.\n\nRegards\nJana Novak',
  },
  {
    category: 'privacy-legal',
    subject: 'Data access request',
    body: 'Dear data protection officer, please send me a copy of all personal data you store about me, the purposes and who you shared it with, as provided by the GDPR.',
  },
  {
    category: 'privacy-legal',
    subject: 'Data processing agreement',
    body: 'Hi, before we can sign up our legal team needs a data processing agreement (DPA) and a list of your subprocessors. Where can we get these?\nBest regards, Legal Department',
  },
  {
    category: 'privacy-legal',
    subject: 'Stop sending me marketing emails',
    body: 'I never agreed to receive your newsletter. Please remove my address from all marketing lists and tell me where you got it from.',
  },
  {
    category: 'privacy-legal',
    subject: 'Where is our data stored?',
    body: 'Hello, our compliance officer asks in which country your servers are and whether any customer data leaves the EU. Thanks, Pieter',
  },
  {
    category: 'privacy-legal',
    subject: 'Question about your terms',
    body: 'Section 8 of your terms of service says you may use uploaded content to improve the service. Does that include training AI models on our documents? We need this answered before renewal.',
  },
  {
    category: 'privacy-legal',
    subject: 'Cookie consent',
    body: 'Your website sets tracking cookies before I click accept in the cookie banner. I believe this is not compliant with the ePrivacy rules. Please fix it or explain.',
  },
  {
    category: 'privacy-legal',
    subject: 'Correct my personal details',
    body: 'Hi, you have my name and date of birth wrong in your records. I ask you to rectify them as is my right under data protection law.',
  },
  {
    category: 'privacy-legal',
    subject: 'Security and compliance questionnaire',
    body: 'Dear team, attached is our vendor security questionnaire. Could you fill it in and also send us your ISO 27001 certificate and the latest penetration test summary?',
  },
  {
    category: 'privacy-legal',
    subject: 'Legal notice regarding trademark',
    body: 'Dear Sirs, we represent Nordlicht GmbH. Your product page uses our registered trademark without permission. We ask you to remove it within 14 days.\nYours sincerely\nLaw office Berger & Partner',
  },
  // feedback
  {
    category: 'feedback',
    subject: 'Thank you!',
    body: 'Just wanted to say thanks to Emma from your support team. She solved my problem in ten minutes and was super friendly. Great service!',
  },
  {
    category: 'feedback',
    subject: 'Love the new update',
    body: 'Hi, the new editor is so much faster. Our team noticed right away. Keep up the good work!\nCheers, Sam',
  },
  {
    category: 'feedback',
    subject: 'Disappointed with support',
    body: 'I have been a customer for three years and the support has become really poor. Nobody answers the phone and the chat takes days. I expected better.',
  },
  {
    category: 'feedback',
    subject: 'Feedback on onboarding',
    body: 'Hello, some feedback after our first week: the onboarding videos were helpful, but the setup checklist was confusing and had steps in the wrong order. Overall we are happy.',
  },
  {
    category: 'feedback',
    subject: 'Complaint about the sales call',
    body: 'The sales representative called me three times this week although I said I was not interested. This is not how I want to be treated as a customer.',
  },
  {
    category: 'feedback',
    subject: 'Great product',
    body: 'I have tried many tools but yours is by far the easiest to use. I recommended it to two friends already. Thank you!',
  },
  {
    category: 'feedback',
    subject: 'Survey answer',
    body: 'You asked how likely I am to recommend you: 8 out of 10. Good product, but the mobile app could be better and prices are a bit high.',
  },
  {
    category: 'feedback',
    subject: 'The redesign is worse',
    body: 'Honestly, the new design makes everything harder to find. It takes me more clicks to do the same things. Please listen to your users before changing everything.',
  },
  {
    category: 'feedback',
    subject: 'Review of your service',
    body: 'Dear team, I left a 5-star review on Trustpilot because your technician was on time and explained everything clearly. Well done.\nKind regards, Ursula',
  },
  {
    category: 'feedback',
    subject: 'Unhappy with the waiting time',
    body: 'I waited 45 minutes on hold yesterday. The agent was nice in the end, but this waiting time is not acceptable for a paid service.',
  },
  // other
  {
    category: 'other',
    subject: 'Job application',
    body: 'Dear hiring team,\nI am applying for the position of junior developer advertised on your website. Please find my CV attached.\nBest regards\nLukas Fischer',
  },
  {
    category: 'other',
    subject: 'Partnership inquiry',
    body: 'Hello, we run a consultancy for small businesses and would like to become a reseller of your software. Who is the right person to talk to about a partnership?',
  },
  {
    category: 'other',
    subject: 'Office opening hours',
    body: 'Hi, are your offices open between Christmas and New Year? I would like to drop by to pick up a document.',
  },
  {
    category: 'other',
    subject: 'Press inquiry',
    body: 'Dear communications team, I am a journalist at Tech Weekly writing about small software companies in Europe. Would your CEO be available for a short interview next week?',
  },
  {
    category: 'other',
    subject: 'Wrong recipient',
    body: 'Hello, I think this email was meant for someone else. I received a message about a meeting I know nothing about. Just letting you know.',
  },
  {
    category: 'other',
    subject: 'Student project',
    body: 'Hi, I am a student writing my thesis about customer support tools. Could I ask you five short questions about how your company works?',
  },
  {
    category: 'other',
    subject: 'Speak to someone',
    body: 'Hello, can somebody call me back? It is easier to explain on the phone. My number is in the signature.\n\nRegards\nWalter Huber\n+43 660 1234567',
  },
  {
    category: 'other',
    subject: 'Event invitation',
    body: 'Dear team, we would be honoured to have your company as a speaker at our meetup on customer experience in Lisbon on 14 May. Please let us know if you are interested.',
  },
  {
    category: 'other',
    subject: 'Donation request',
    body: 'Hello, our local football club is looking for sponsors for the youth team. Would your company consider supporting us?\nThank you, Miguel',
  },
  {
    category: 'other',
    subject: 'Lost and found',
    body: 'Hi, I visited your office for a workshop on Tuesday and I think I left my umbrella in the meeting room. Has anyone found it?',
  },
]
