import type { TTicketPriority } from '@parsedesk/contracts'
import type { TOtherLanguageCode } from '../extract/detect-language'

/** A short support mail in another language, with what an agent reading it would expect of the analysis. */
export type TOtherLanguageEmail = {
  language: TOtherLanguageCode
  subject: string
  body: string
  /** The first sentence after the greeting, as written. */
  summary: string
  priority: TTicketPriority
  /** The priority rules the mail's own words must set off. */
  rules: readonly string[]
}

/**
 * Four mails in each language the analysis reads besides English: an outage asked to be fixed urgently,
 * a security problem, a wrong payment and a question that can wait, each opening with the greeting and
 * closing with the sign-off customers use in that language. Origin: written by hand for Parsedesk
 * (2026-11-25) in the style of real support mail; not taken from any data set, never trained on.
 */
export const OTHER_LANGUAGE_EMAILS: readonly TOtherLanguageEmail[] = [
  {
    language: 'de',
    subject: 'Shop nicht erreichbar',
    body: 'Guten Tag,\n\nunser Online-Shop ist seit heute Morgen nicht erreichbar, und unsere Kunden können keine Bestellungen aufgeben. Bitte helfen Sie uns dringend.\n\nMit freundlichen Grüßen\nJonas Weber',
    summary:
      'unser Online-Shop ist seit heute Morgen nicht erreichbar, und unsere Kunden können keine Bestellungen aufgeben.',
    priority: 'high',
    rules: ['outage', 'urgency'],
  },
  {
    language: 'de',
    subject: 'Fremde Anmeldungen in meinem Konto',
    body: 'Hallo,\n\nin meinem Konto sehe ich Anmeldungen aus einem Land, in dem ich nie war. Ich glaube, mein Konto wurde gehackt. Bitte sperren Sie es.\n\nViele Grüße\nPetra Schulz',
    summary: 'in meinem Konto sehe ich Anmeldungen aus einem Land, in dem ich nie war.',
    priority: 'high',
    rules: ['security'],
  },
  {
    language: 'de',
    subject: 'Bestellung 48213',
    body: 'Sehr geehrte Damen und Herren,\n\nfür meine Bestellung 48213 wurde mir der Betrag zweimal abgebucht. Bitte erstatten Sie mir die zweite Zahlung.\n\nMit freundlichen Grüßen\nAnna Becker',
    summary: 'für meine Bestellung 48213 wurde mir der Betrag zweimal abgebucht.',
    priority: 'medium',
    rules: ['payment-failure'],
  },
  {
    language: 'de',
    subject: 'Rechnung März',
    body: 'Guten Tag,\n\nkönnten Sie mir bitte eine Kopie der Rechnung für März schicken? Es ist nicht dringend.\n\nDanke und viele Grüße\nMarkus',
    summary: 'könnten Sie mir bitte eine Kopie der Rechnung für März schicken?',
    priority: 'low',
    rules: ['stated-low'],
  },
  {
    language: 'fr',
    subject: 'Site inaccessible',
    body: "Bonjour,\n\nnotre site est en panne depuis ce matin et nos clients ne peuvent plus passer commande. Merci d'intervenir en urgence.\n\nCordialement,\nClaire Martin",
    summary: 'notre site est en panne depuis ce matin et nos clients ne peuvent plus passer commande.',
    priority: 'high',
    rules: ['outage', 'urgency'],
  },
  {
    language: 'fr',
    subject: 'Connexion inconnue',
    body: "Bonjour,\n\nquelqu'un s'est connecté à mon compte et a changé mon adresse e-mail. Je pense que mon compte a été piraté.\n\nCordialement,\nLuc Bernard",
    summary: "quelqu'un s'est connecté à mon compte et a changé mon adresse e-mail.",
    priority: 'high',
    rules: ['security'],
  },
  {
    language: 'fr',
    subject: 'Problème de carte',
    body: 'Bonjour,\n\nmon paiement a été refusé trois fois alors que ma carte fonctionne ailleurs. Pouvez-vous vérifier ?\n\nMerci,\nSophie',
    summary: 'mon paiement a été refusé trois fois alors que ma carte fonctionne ailleurs.',
    priority: 'medium',
    rules: ['payment-failure'],
  },
  {
    language: 'fr',
    subject: 'Facture de mars',
    body: "Bonjour,\n\npourriez-vous m'envoyer la facture de mars au format PDF ? Ce n'est pas urgent.\n\nBonne journée,\nPaul",
    summary: "pourriez-vous m'envoyer la facture de mars au format PDF ?",
    priority: 'low',
    rules: ['stated-low'],
  },
  {
    language: 'es',
    subject: 'Plataforma sin servicio',
    body: 'Hola,\n\nla plataforma está caída desde esta mañana y ninguno de nuestros empleados puede trabajar. Necesitamos ayuda urgente.\n\nSaludos,\nCarlos Ruiz',
    summary: 'la plataforma está caída desde esta mañana y ninguno de nuestros empleados puede trabajar.',
    priority: 'high',
    rules: ['outage', 'urgency'],
  },
  {
    language: 'es',
    subject: 'Aviso de inicio de sesión',
    body: 'Hola,\n\nhe recibido un aviso de inicio de sesión desde un dispositivo que no conozco. Creo que han hackeado mi cuenta.\n\nGracias,\nLucía',
    summary: 'he recibido un aviso de inicio de sesión desde un dispositivo que no conozco.',
    priority: 'high',
    rules: ['security'],
  },
  {
    language: 'es',
    subject: 'Suscripción de este mes',
    body: 'Buenos días,\n\nme han cobrado dos veces la suscripción de este mes. ¿Pueden devolverme uno de los cargos?\n\nUn saludo,\nMiguel',
    summary: 'me han cobrado dos veces la suscripción de este mes.',
    priority: 'medium',
    rules: ['payment-failure'],
  },
  {
    language: 'es',
    subject: 'Factura',
    body: 'Hola,\n\n¿podrían enviarme la factura de marzo? No es urgente.\n\nGracias,\nElena',
    summary: '¿podrían enviarme la factura de marzo?',
    priority: 'low',
    rules: ['stated-low'],
  },
  {
    language: 'pt',
    subject: 'Loja com problema',
    body: 'Olá,\n\no nosso sistema está fora do ar desde as 8h e os clientes não conseguem finalizar as compras. Por favor, resolvam com urgência.\n\nAtenciosamente,\nRafael Souza',
    summary: 'o nosso sistema está fora do ar desde as 8h e os clientes não conseguem finalizar as compras.',
    priority: 'high',
    rules: ['outage', 'urgency'],
  },
  {
    language: 'pt',
    subject: 'Senha alterada',
    body: 'Bom dia,\n\nalguém entrou na minha conta e alterou a senha. Acho que a minha conta foi invadida.\n\nObrigada,\nBeatriz',
    summary: 'alguém entrou na minha conta e alterou a senha.',
    priority: 'high',
    rules: ['security'],
  },
  {
    language: 'pt',
    subject: 'Fatura de março',
    body: 'Olá,\n\nfui cobrado duas vezes pela mesma fatura este mês. Podem estornar uma das cobranças?\n\nObrigado,\nTiago',
    summary: 'fui cobrado duas vezes pela mesma fatura este mês.',
    priority: 'medium',
    rules: ['payment-failure'],
  },
  {
    language: 'pt',
    subject: 'Segunda via',
    body: 'Olá,\n\npoderiam me enviar a segunda via da fatura de março? Não é urgente.\n\nObrigado,\nJoão',
    summary: 'poderiam me enviar a segunda via da fatura de março?',
    priority: 'low',
    rules: ['stated-low'],
  },
  {
    language: 'it',
    subject: 'Servizio bloccato',
    body: 'Buongiorno,\n\nil vostro servizio non funziona da stamattina e i nostri clienti non riescono ad accedere. Vi chiediamo di intervenire urgentemente.\n\nCordiali saluti,\nMarco Rossi',
    summary: 'il vostro servizio non funziona da stamattina e i nostri clienti non riescono ad accedere.',
    priority: 'high',
    rules: ['outage', 'urgency'],
  },
  {
    language: 'it',
    subject: 'Notifica di accesso',
    body: 'Salve,\n\nho ricevuto una notifica di accesso da un paese dove non sono mai stato. Temo che il mio account sia stato violato.\n\nGrazie,\nGiulia',
    summary: 'ho ricevuto una notifica di accesso da un paese dove non sono mai stato.',
    priority: 'high',
    rules: ['security'],
  },
  {
    language: 'it',
    subject: 'Abbonamento',
    body: "Buongiorno,\n\nmi è stato addebitato due volte l'abbonamento di questo mese. Potete rimborsare uno dei due pagamenti?\n\nGrazie,\nLuca",
    summary: "mi è stato addebitato due volte l'abbonamento di questo mese.",
    priority: 'medium',
    rules: ['payment-failure'],
  },
  {
    language: 'it',
    subject: 'Fattura di marzo',
    body: 'Ciao,\n\npotreste inviarmi la fattura di marzo? Non è urgente.\n\nGrazie mille,\nSara',
    summary: 'potreste inviarmi la fattura di marzo?',
    priority: 'low',
    rules: ['stated-low'],
  },
  {
    language: 'nl',
    subject: 'Webshop',
    body: 'Goedemorgen,\n\nonze webshop is sinds vanochtend niet bereikbaar en klanten kunnen niet afrekenen. Kunnen jullie dit met spoed oplossen?\n\nMet vriendelijke groet,\nDaan de Vries',
    summary: 'onze webshop is sinds vanochtend niet bereikbaar en klanten kunnen niet afrekenen.',
    priority: 'high',
    rules: ['outage', 'urgency'],
  },
  {
    language: 'nl',
    subject: 'Wachtwoord gewijzigd',
    body: 'Beste,\n\niemand heeft zonder mijn toestemming mijn wachtwoord gewijzigd. Ik denk dat mijn account gehackt is.\n\nGroeten,\nSanne',
    summary: 'iemand heeft zonder mijn toestemming mijn wachtwoord gewijzigd.',
    priority: 'high',
    rules: ['security'],
  },
  {
    language: 'nl',
    subject: 'Bestelling 73310',
    body: 'Hallo,\n\ner is twee keer afgeschreven voor mijn bestelling 73310. Kunnen jullie het teveel betaalde bedrag terugstorten?\n\nBedankt,\nLotte',
    summary: 'er is twee keer afgeschreven voor mijn bestelling 73310.',
    priority: 'medium',
    rules: ['payment-failure'],
  },
  {
    language: 'nl',
    subject: 'Factuur maart',
    body: 'Hallo,\n\nkunnen jullie mij de factuur van maart nog eens sturen? Het is niet dringend.\n\nBedankt,\nTom',
    summary: 'kunnen jullie mij de factuur van maart nog eens sturen?',
    priority: 'low',
    rules: ['stated-low'],
  },
]
